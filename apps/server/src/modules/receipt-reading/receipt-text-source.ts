import type { ReceiptFileType } from "@kort/core";
import { loadSharp } from "../receipts/receipt-files.ts";
import { recognizeText } from "./ocr.ts";

/**
 * The text of a receipt file: a PDF's text layer (pdfjs-dist), or OCR of a picture, or of a PDF page that has almost
 * no text (a scan, rendered with @napi-rs/canvas). Pictures are straightened by their EXIF orientation, made grey,
 * evened out and enlarged to the size OCR reads best before reading.
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

const pdfText = async (data: Buffer): Promise<ReceiptText> => {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const document = await getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    let scanned = false;
    for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES); number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = "";
      for (const item of content.items) {
        if ("str" in item) text += item.str + (item.hasEOL ? "\n" : " ");
      }
      if (text.replace(/\s/g, "").length >= SCANNED_PAGE_CHARACTERS) {
        pages.push(text);
        continue;
      }
      scanned = true;
      const viewport = page.getViewport({ scale: 3 });
      const canvasFactory = document.canvasFactory as {
        create: (w: number, h: number) => { canvas: { toBuffer: (type: "image/png") => Buffer }; context: unknown };
      };
      const { canvas, context } = canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      await page.render({ canvasContext: context as never, viewport, canvas: canvas as never }).promise;
      pages.push((await recognizeText(await forOcr(canvas.toBuffer("image/png")))).text);
    }
    return { text: pages.join("\n"), source: scanned ? "ocr" : "pdf_text" };
  } finally {
    await document.destroy();
  }
};

/** The text of a receipt; `pass` (0, 1, 2) reads a picture at the next of OCR_WIDTHS_PX. */
export const receiptText = async (file: { type: ReceiptFileType; data: Buffer }, pass = 0): Promise<ReceiptText> => {
  if (file.type === "application/pdf") return pdfText(file.data);
  const width = OCR_WIDTHS_PX[pass] ?? OCR_WIDTH_PX;
  return { text: (await recognizeText(await forOcr(file.data, width))).text, source: "ocr" };
};
