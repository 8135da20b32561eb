/**
 * Receipt rules both sides check (spec 3 Receipt, issue 12, shared decisions: Receipts): what a receipt may be,
 * how large, and when a signed link to it must be fetched again. The server decides by the file's bytes; the web
 * app uses the same lists to refuse early and to say why.
 */

/** At most 10 MB (10 × 1024 × 1024 bytes); one byte more is RECEIPT_TOO_LARGE. */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Spec 5's MissingReceipt rule: a purchase without a receipt this many days after it is a violation. A project
 * setting (`preferences.receipt_missing_days`), 7 unless set, from 1 day to a year.
 */
export const RECEIPT_MISSING_DAYS_DEFAULT = 7;
export const RECEIPT_MISSING_DAYS_MAX = 365;

/** The types a receipt may be, as detected from its content, with the file name endings each may carry. */
export const RECEIPT_FILE_TYPES = {
  "image/jpeg": ["jpg", "jpeg", "jpe", "jfif"],
  "image/png": ["png"],
  "image/heic": ["heic", "heif"],
  "image/heif": ["heif", "heic"],
  "application/pdf": ["pdf"],
} as const satisfies Record<string, readonly string[]>;

export type ReceiptFileType = keyof typeof RECEIPT_FILE_TYPES;

export const isReceiptFileType = (mime: string): mime is ReceiptFileType => Object.hasOwn(RECEIPT_FILE_TYPES, mime);

/** For a file picker's `accept`: the types and the endings. */
export const RECEIPT_ACCEPT = [
  ...Object.keys(RECEIPT_FILE_TYPES),
  ...new Set(Object.values(RECEIPT_FILE_TYPES).flatMap((endings) => endings.map((ending) => `.${ending}`))),
].join(",");

/**
 * Endings that name a type: every receipt type's, and common ones of other files. An ending outside this list
 * (`Kvittun 21.11.2026`, `nóta.final`) is part of the name, not a claim about the content.
 */
const TYPE_ENDINGS: ReadonlySet<string> = new Set([
  ...Object.values(RECEIPT_FILE_TYPES).flat(),
  ..."gif webp avif bmp tif tiff svg ico txt csv json xml html htm rtf doc docx xls xlsx ppt pptx odt ods odp zip rar 7z gz tar exe msi dll bat cmd com sh js apk dmg iso mp3 mp4 mov avi eml msg".split(
    " ",
  ),
]);

/** The ending of a file name, lower case, without the dot; null when it has none. */
export const fileNameEnding = (fileName: string): string | null => {
  const match = /\.([^./\\]{1,16})$/.exec(fileName.trim());
  return match?.[1] ? match[1].toLowerCase() : null;
};

/**
 * Whether the name says the file is something it is not: a PDF named `kvittun.png`, a PNG named `.pdf`, a
 * receipt behind `.exe` or `.txt`. A name without an ending that names a type claims nothing.
 */
export const receiptNameMismatch = (fileName: string, detected: ReceiptFileType): boolean => {
  const ending = fileNameEnding(fileName);
  if (ending === null || !TYPE_ENDINGS.has(ending)) return false;
  const allowed: readonly string[] = RECEIPT_FILE_TYPES[detected];
  return !allowed.includes(ending);
};

/** Spec 4 and 9: a signed link within this of its expiry (or past it) is fetched again before it is opened. */
export const SIGNED_LINK_MARGIN_MS = 4_000;

/** Whether a signed link must be fetched again before opening: no expiry known, expired, or about to. */
export const signedLinkNeedsRefresh = (
  expiresAt: Date | string | null | undefined,
  now: Date = new Date(),
): boolean => {
  if (expiresAt === null || expiresAt === undefined) return true;
  const at = typeof expiresAt === "string" ? Date.parse(expiresAt) : expiresAt.getTime();
  return Number.isNaN(at) || at - now.getTime() <= SIGNED_LINK_MARGIN_MS;
};
