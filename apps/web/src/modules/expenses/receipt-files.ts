import { isReceiptFileType, RECEIPT_MAX_BYTES } from "@kort/core";

/** What the browser can tell of a file before sending it; the server decides again by the content. */
export type ReceiptPrecheck = "RECEIPT_EMPTY" | "RECEIPT_TOO_LARGE" | "RECEIPT_TYPE_NOT_ALLOWED" | null;

/**
 * Refuses early what the server would refuse anyway: an empty file, one over 10 MB, or one the browser names as a
 * type a receipt may not be (an unknown or empty type is left to the server, which reads the content).
 */
export const precheckReceipt = (file: { size: number; type: string }): ReceiptPrecheck => {
  if (file.size === 0) return "RECEIPT_EMPTY";
  if (file.size > RECEIPT_MAX_BYTES) return "RECEIPT_TOO_LARGE";
  if (file.type !== "" && file.type !== "application/octet-stream" && !isReceiptFileType(file.type)) {
    return "RECEIPT_TYPE_NOT_ALLOWED";
  }
  return null;
};

/** An image the browser can show in the preview (HEIC originals show through their thumbnail). */
export const isPreviewableImage = (fileType: string): boolean => fileType === "image/jpeg" || fileType === "image/png";

/** File size in whole kB (at least 1) or MB with one decimal, in the locale's digits. */
export const formatFileSize = (bytes: number, locale: string): string => {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString(locale)} kB`;
  return `${(bytes / (1024 * 1024)).toLocaleString(locale, { maximumFractionDigits: 1 })} MB`;
};
