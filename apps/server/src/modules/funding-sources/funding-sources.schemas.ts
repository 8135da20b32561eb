import { CARD_STATUSES, CARD_TYPES, LIMIT_PERIODS, LIMIT_USAGE_TYPES } from "@kort/core";
import { z } from "zod";
import { timeCursorFromText } from "../../platform/db/keyset-cursor.ts";

/** Spec 7, funding sources: the employee app's view of the caller's own cards. */

export const fundingSourceParams = z.object({ id: z.uuid() });
export const transactionParams = z.object({ id: z.uuid(), tid: z.uuid() });

/** List calls accept page and limit (spec 7); query strings are text, so they are coerced. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type PageQuery = z.output<typeof pageQuery>;

/**
 * A card's transactions and authorizations page by keyset: `after` is the `next_cursor` of the page before (the
 * employee app's infinite scroll), so a deep page costs what the first does. `page` is still read when no cursor is
 * sent, for callers of the first version.
 */
export const historyPageQuery = pageQuery.extend({ after: timeCursorFromText.optional() });
export type HistoryPageQuery = z.output<typeof historyPageQuery>;

/** The card PIN: exactly four digits, stored only as an argon2id hash. */
/** The new PIN and, as before a reveal, the holder's passcode again (issue 17): a phone left unlocked is not enough. */
export const setPinSchema = z.object({
  pin: z.string().regex(/^[0-9]{4}$/, "The PIN is four digits."),
  passcode: z.string().regex(/^[0-9]{4}$/, "The passcode is four digits."),
});

/** The reveal of the card's details: the holder's own 4-digit passcode, checked like at sign-in. */
export const revealSchema = z.object({ passcode: z.string().regex(/^[0-9]{4}$/, "The passcode is four digits.") });

/** Create: the card type (default an employee card) and the fields of spec 3, Card creation input. */
export const createFundingSourceSchema = z.looseObject({
  card_type: z.enum(CARD_TYPES).default("EMPLOYEE_EXPENSE"),
  will_close_at: z.coerce.date().nullish(),
});

/**
 * Wallet provisioning: the wallet's P-256 public key (base64 of the uncompressed point or SPKI DER) the pass data
 * is encrypted to, and the wallet's nonce; without a key the demo wallet adapter's own key is used.
 */
export const provisionSchema = z
  .object({
    public_key: z.base64().max(400).optional(),
    nonce: z.string().max(200).optional(),
  })
  .default({});

const limitSchema = z.object({
  sum_amount: z.number(),
  single_amount: z.number(),
  usage_type: z.enum(LIMIT_USAGE_TYPES),
  period: z.enum(LIMIT_PERIODS),
  count: z.number(),
});

/** Spec 3, Funding source: id, description, status, enabled, card. A whitelist: no PAN, no CVC, no PIN. */
export const fundingSourceSchema = z.object({
  id: z.uuid(),
  description: z.string(),
  status: z.enum(CARD_STATUSES),
  enabled: z.boolean(),
  card: z.object({
    masked_number: z.string(),
    card_type: z.enum(CARD_TYPES),
    expiration_month: z.number(),
    expiration_year: z.number(),
    limits: z.array(limitSchema),
    balance: z.object({ settled_balance: z.number(), available_balance: z.number(), currency: z.string() }),
    /** The design chosen for the card's type (issue 16): signed links to its images; null for the standard look. */
    design: z.object({ id: z.uuid(), url: z.string(), thumbnail_url: z.string().nullable() }).nullable(),
    /**
     * The merchant controls the card's purchases meet (issue 19): its own, else the company's default, with which;
     * null when nothing restricts it. Groups are ids of @kort/core's MERCHANT_GROUPS, merchants names as written.
     */
    merchant_controls: z
      .object({
        mode: z.enum(["BLOCK", "ALLOW_ONLY"]),
        groups: z.array(z.string()),
        merchants: z.array(z.string()),
        source: z.enum(["CARD", "COMPANY_DEFAULT"]),
      })
      .nullable(),
  }),
});
export type FundingSourceDto = z.input<typeof fundingSourceSchema>;

export const fundingSourcePageSchema = z.object({ nodes: z.array(fundingSourceSchema), total_count: z.number() });

export const sensitiveDetailsSchema = z.object({
  pan: z.string(),
  cvc: z.string(),
  expiry_month: z.number(),
  expiry_year: z.number(),
});

export const provisioningSchema = z.object({
  activation_data: z.string(),
  encrypted_pass_data: z.string(),
  ephemeral_public_key: z.string(),
});

export const sentSchema = z.object({ sent: z.boolean() });
export const pinSetSchema = z.object({ pin_set: z.boolean() });

export const transactionSchema = z.object({
  id: z.uuid(),
  description: z.string(),
  merchant_name: z.string(),
  merchant_country: z.string().nullable(),
  mcc: z.string().nullable(),
  original_amount: z.number(),
  original_currency: z.string(),
  transaction_amount: z.number(),
  transaction_currency: z.string(),
  transaction_date: z.date(),
  funding_source_id: z.uuid(),
  user_id: z.uuid(),
  comments: z.string().nullable(),
  category_id: z.uuid().nullable(),
  closed_at: z.date().nullable(),
});
export const transactionPageSchema = z.object({
  nodes: z.array(transactionSchema),
  total_count: z.number(),
  /** Where the next page starts (send it back as `after`); null on the last page. */
  next_cursor: z.string().nullable(),
});

export const authorizationSchema = z.object({
  id: z.uuid(),
  amount: z.number(),
  currency: z.string(),
  original_amount: z.number(),
  original_currency: z.string(),
  merchant_name: z.string(),
  mcc: z.string(),
  status: z.string(),
  decline_code: z.string().nullable(),
  created_at: z.date(),
});
export const authorizationPageSchema = z.object({
  nodes: z.array(authorizationSchema),
  total_count: z.number(),
  /** Where the next page starts (send it back as `after`); null on the last page. */
  next_cursor: z.string().nullable(),
});
