import {
  isReceiptFileType,
  RECEIPT_FILE_TYPES,
  RECEIPT_MAX_BYTES,
  type ReceiptFileType,
  receiptNameMismatch,
} from "@kort/core";
import { fileTypeFromBuffer } from "file-type";
import { AppError } from "../../platform/errors.ts";
import type { UploadedFile, UploadResult } from "../../platform/http/multipart.ts";
import { decodeHeic } from "./heic-decoder.ts";

/**
 * What a receipt file is, decided by its bytes (file-type reads the signature at its start), never by its name or
 * the type the client declared: those only count against it, when they claim another type than the content has.
 */

export type CheckedReceipt = { type: ReceiptFileType; fileName: string; data: Buffer };

const tooLarge = () =>
  new AppError("RECEIPT_TOO_LARGE", "The file is too large. A receipt may be at most 10 MB.", {
    max_bytes: RECEIPT_MAX_BYTES,
  });

/** jpeg, png, heic (heic and heif are one kind here) or pdf. */
const kindOf = (type: ReceiptFileType): string => (type === "image/heif" ? "image/heic" : type);

/** The upload as a receipt, or the coded reason it is not one: empty, too large, not allowed, or renamed. */
export const checkReceiptFile = async (upload: UploadResult): Promise<CheckedReceipt> => {
  if (upload.status === "too_large") throw tooLarge();
  const { file } = upload;
  if (file.data.length === 0) throw new AppError("RECEIPT_EMPTY", "The file is empty.");
  if (file.data.length > RECEIPT_MAX_BYTES) throw tooLarge();
  const detected = (await fileTypeFromBuffer(file.data))?.mime;
  if (!detected || !isReceiptFileType(detected)) {
    throw new AppError("RECEIPT_TYPE_NOT_ALLOWED", "A receipt may be a JPEG, PNG, HEIC or PDF file.", {
      detected_type: detected ?? null,
      allowed: Object.keys(RECEIPT_FILE_TYPES),
    });
  }
  if (claimsAnotherType(file, detected)) {
    throw new AppError("RECEIPT_TYPE_MISMATCH", "The file's content does not match its name.", {
      detected_type: detected,
      file_name: file.fileName,
    });
  }
  return { type: detected, fileName: file.fileName || `kvittun.${RECEIPT_FILE_TYPES[detected][0]}`, data: file.data };
};

/** A name ending in another type's ending, or a declared receipt type of another kind (a PDF sent as image/png). */
const claimsAnotherType = (file: UploadedFile, detected: ReceiptFileType): boolean => {
  if (receiptNameMismatch(file.fileName, detected)) return true;
  const declared = file.declaredType.split(";")[0]?.trim().toLowerCase() ?? "";
  return isReceiptFileType(declared) && kindOf(declared) !== kindOf(detected);
};

/** The thumbnail's longest side: sharp in a 240 px slot on a 2x screen. */
const THUMBNAIL_PX = 480;
/** Images beyond this many pixels get no thumbnail: a 10 MB file can claim a picture too large to decode. */
const THUMBNAIL_MAX_INPUT_PIXELS = 100_000_000;

type Sharp = typeof import("sharp").default;
let sharpModule: Promise<Sharp> | undefined;

/** sharp (libvips) is loaded on the first image, not at start: most requests never need it. */
export const loadSharp = (): Promise<Sharp> => {
  sharpModule ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
};

const isHeic = (type: ReceiptFileType): boolean => type === "image/heic" || type === "image/heif";

/**
 * An image receipt opened in sharp, or null when this server cannot decode it. A HEIC is decoded to its pixels
 * first (heic-decoder.ts): the prebuilt libvips under sharp decodes HEIF only with AV1, not the HEVC of a phone's
 * photo. libheif turns the picture upright as its container says, so a HEIC needs no EXIF rotation.
 */
export const openPicture = async (
  file: { type: ReceiptFileType; data: Buffer },
  options: { limitInputPixels: number; failOn?: "error" },
): Promise<import("sharp").Sharp | null> => {
  const sharp = await loadSharp();
  if (!isHeic(file.type)) return sharp(file.data, options);
  const decoded = await decodeHeic(file.data);
  if (!decoded || decoded.width * decoded.height > options.limitInputPixels) return null;
  return sharp(decoded.pixels, { raw: { width: decoded.width, height: decoded.height, channels: 4 } });
};

/**
 * A JPEG thumbnail of an image receipt (turned upright by its EXIF, transparency on white), or null: PDFs get
 * none, and neither does an image this server cannot decode.
 */
export const receiptThumbnail = async (receipt: CheckedReceipt): Promise<Buffer | null> => {
  if (receipt.type === "application/pdf") return null;
  try {
    const picture = await openPicture(receipt, { limitInputPixels: THUMBNAIL_MAX_INPUT_PIXELS, failOn: "error" });
    if (!picture) return null;
    return await picture
      .rotate()
      .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80, mozjpeg: true })
      .timeout({ seconds: 10 })
      .toBuffer();
  } catch {
    return null;
  }
};
