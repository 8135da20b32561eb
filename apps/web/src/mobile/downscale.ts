/**
 * Receipts are photographed at 12 megapixels and more; what a bookkeeper reads needs far less. The photo is drawn
 * at most RECEIPT_MAX_SIDE px on its longer side and sent as JPEG, so an upload on a phone's network takes seconds,
 * not a minute. A PDF, or an image the browser cannot decode (HEIC outside Safari), goes as it is: the server
 * checks every file by its bytes.
 */
export const RECEIPT_MAX_SIDE = 1600;
const JPEG_QUALITY = 0.85;

/** The size that fits within `max` on the longer side, keeping the proportions; never larger than it was. */
export const fitWithin = (width: number, height: number, max: number): { width: number; height: number } => {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
};

export type Prepared = { blob: Blob; name: string; downscaled: boolean };

export const prepareReceipt = async (file: File): Promise<Prepared> => {
  if (!file.type.startsWith("image/")) return { blob: file, name: file.name, downscaled: false };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { blob: file, name: file.name, downscaled: false };
  }
  const size = fitWithin(bitmap.width, bitmap.height, RECEIPT_MAX_SIDE);
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) return { blob: file, name: file.name, downscaled: false };
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
  if (!blob || blob.size >= file.size) return { blob: file, name: file.name, downscaled: false };
  return { blob, name: `${file.name.replace(/\.[^.]*$/, "") || "receipt"}.jpg`, downscaled: true };
};
