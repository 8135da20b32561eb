import type { ReceiptFileType } from "@kort/core";
import { openPicture } from "../receipts/receipt-files.ts";
import { parseReceiptText, type ReceiptFields } from "./receipt-parser.ts";
import { OCR_MAX_INPUT_PIXELS, OCR_MAX_WIDTH_PX, OCR_WIDTHS_PX, receiptText } from "./receipt-text-source.ts";

/** What was read from a receipt's file, and where its text came from. */
export type ReadReceipt = { source: "pdf_text" | "ocr"; fields: ReceiptFields };

const missing = (fields: ReceiptFields): boolean =>
  fields.total === null || fields.date === null || fields.lastFour === null || fields.vat.length === 0;

/** Fields the first pass missed, taken from a later one; what the first pass read stays. */
const fill = (first: ReceiptFields, later: ReceiptFields): ReceiptFields => ({
  total: first.total ?? later.total,
  date: first.date ?? later.date,
  kennitala: first.kennitala ?? later.kennitala,
  vat: first.vat.length > 0 ? first.vat : later.vat,
  lastFour: first.lastFour ?? later.lastFour,
  merchant: first.merchant ?? later.merchant,
  vatNumber: first.vatNumber ?? later.vatNumber,
  address: first.address ?? later.address,
});

/**
 * A HEIC as a PNG, decoded once rather than at every pass (a phone's photo takes seconds to decode), and no wider
 * than OCR reads. Throws when it cannot be decoded: the receipt then stays unread, as any unreadable file.
 */
const decodedOnce = async (file: { type: ReceiptFileType; data: Buffer }) => {
  if (file.type !== "image/heic" && file.type !== "image/heif") return file;
  const picture = await openPicture(file, { limitInputPixels: OCR_MAX_INPUT_PIXELS });
  if (!picture) throw new Error("This HEIC cannot be decoded");
  const png = await picture
    .resize({ width: OCR_MAX_WIDTH_PX, withoutEnlargement: true })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { type: "image/png" as const, data: png };
};

/**
 * Reads a receipt's fields. A picture whose first reading missed a field (total, date, VSK lines, card digits) is
 * read again at the other widths, one at a time, until nothing is missing: a second or third OCR pass (about a second
 * each) only for the receipts that need it. A PDF is read once.
 */
export const readReceiptFields = async (received: { type: ReceiptFileType; data: Buffer }): Promise<ReadReceipt> => {
  const file = await decodedOnce(received);
  const first = await receiptText(file);
  let fields = parseReceiptText(first.text);
  // A PDF is read once: its text layer, or its scanned pages at their own size.
  if (file.type === "application/pdf") return { source: first.source, fields };
  for (let pass = 1; pass < OCR_WIDTHS_PX.length && missing(fields); pass++) {
    fields = fill(fields, parseReceiptText((await receiptText(file, pass)).text));
  }
  return { source: first.source, fields };
};
