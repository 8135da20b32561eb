import { z } from "zod";

/**
 * The receipt as it leaves the server (spec 3, Receipt), a whitelist: the blob keys never leave. `url` and
 * `thumbnail_url` are signed links that stop working at `url_expires_at` (spec 4): clients fetch the receipt
 * again when it is past or within 4 s of it (`signedLinkNeedsRefresh` in @kort/core).
 */
export const receiptSchema = z.object({
  id: z.string(),
  /** Null while an e-mailed receipt waits to be matched. */
  transaction_id: z.string().nullable(),
  /** Who added it. */
  user_id: z.string(),
  file_name: z.string(),
  /** Bytes. */
  file_size: z.number().int(),
  /** Detected from the content: image/jpeg, image/png, image/heic, image/heif or application/pdf. */
  file_type: z.string(),
  created_at: z.date(),
  url: z.string(),
  /** A JPEG thumbnail of an image; null for a PDF, and for a HEIC this server cannot decode. */
  thumbnail_url: z.string().nullable(),
  url_expires_at: z.date(),
  /** Uploaded to a transaction, or e-mailed to the company's receipts address. */
  source: z.enum(["upload", "email"]),
  /** An e-mailed receipt attached without a person: the exact amount (whole krónur for ISK) and date that matched. */
  matched_by: z.object({ amount: z.number().int(), currency: z.string(), date: z.string() }).nullable(),
});

export type ReceiptDto = z.infer<typeof receiptSchema>;

export const receiptListSchema = z.object({ nodes: z.array(receiptSchema), total_count: z.number().int() });

export const idParams = z.object({ id: z.string().max(100) });

/** At most this many receipts removed in one call. */
export const REMOVE_RECEIPTS_MAX = 100;

export const removeReceiptsSchema = z.object({
  ids: z
    .array(z.uuid())
    .min(1)
    .max(REMOVE_RECEIPTS_MAX)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});

export const removedSchema = z.object({ id: z.string() });
