import type { ReceiptFileType } from "@kort/core";
import { loadSharp } from "../receipts/receipt-files.ts";
import { recognizeText } from "./ocr.ts";
import { pdfPages } from "./pdf-pages.ts";

/**
 * The text of a receipt file: a PDF's text layer (pdfjs-dist, in its own thread: pdf-pages.ts), or OCR of a
 * picture, or of a PDF page that has almost no text (a scan, rendered with @napi-rs/canvas). Pictures are
 * straightened by their EXIF orientation, made grey, evened out and enlarged to the size OCR reads best before
 * reading.
 */

export type ReceiptText = { text: string; source: "pdf_text" | "ocr" };

/** Fewer characters than this on a page means a scan: the page is read as a picture. */
const SCANNED_PAGE_CHARACTERS = 20;
/** A receipt is one or two pages; more are not read. */
const MAX_PAGES = 3;
/**
 * The widths a picture is read at, in turn: OCR reads most receipts best about 1,400 px wide (text about 30 px
 * high), and a field it missed there (often the card digits after a run of asterisks) is often read at another size.
 */
export const OCR_WIDTHS_PX = [1400, 1800, 1100] as const;
const OCR_WIDTH_PX = OCR_WIDTHS_PX[0];

/** OCR reads no picture wider than this, and decodes none larger than OCR_MAX_INPUT_PIXELS. */
export const OCR_MAX_WIDTH_PX = 2400;
export const OCR_MAX_INPUT_PIXELS = 100_000_000;

const forOcr = async (image: Buffer, width: number = OCR_WIDTH_PX): Promise<Buffer> => {
  const sharp = await loadSharp();
  const picture = sharp(image, { limitInputPixels: OCR_MAX_INPUT_PIXELS }).rotate();
  const { width: own = width } = await picture.metadata();
  return picture
    .greyscale()
    .normalise()
    .resize({ width: Math.max(width, Math.min(own, OCR_MAX_WIDTH_PX)), withoutEnlargement: false })
    .png()
    .toBuffer();
};

/** Pages rendered for OCR are drawn at three times a PDF's own size (about 1,800 px across an A4 page). */
const SCANNED_PAGE_SCALE = 3;

const pdfText = async (data: Buffer): Promise<ReceiptText> => {
  const pages = await pdfPages(data, {
    maxPages: MAX_PAGES,
    scannedPageCharacters: SCANNED_PAGE_CHARACTERS,
    scale: SCANNED_PAGE_SCALE,
  });
  const texts: string[] = [];
  for (const page of pages) {
    texts.push("text" in page ? page.text : (await recognizeText(await forOcr(page.picture))).text);
  }
  return { text: texts.join("\n"), source: pages.some((page) => "picture" in page) ? "ocr" : "pdf_text" };
};

/** The text of a receipt; `pass` (0, 1, 2) reads a picture at the next of OCR_WIDTHS_PX. */
export const receiptText = async (file: { type: ReceiptFileType; data: Buffer }, pass = 0): Promise<ReceiptText> => {
  if (file.type === "application/pdf") return pdfText(file.data);
  const width = OCR_WIDTHS_PX[pass] ?? OCR_WIDTH_PX;
  return { text: (await recognizeText(await forOcr(file.data, width))).text, source: "ocr" };
};
