import {
  MERCHANT_CONTROL_MODES,
  MERCHANT_GROUP_IDS,
  MERCHANT_NAME_MAX_LENGTH,
  MERCHANT_NAMES_MAX,
  type MerchantControls,
  normalizeMerchantName,
  RECEIPT_LOCK_DAYS_MAX,
  RECEIPT_LOCK_DAYS_MIN,
} from "@kort/core";
import { z } from "zod";

/**
 * Merchant controls as a client sends them: a mode, known group ids and merchant names (trimmed, 1 to 100
 * characters, at most 50). Duplicates are dropped (names compared as the rule compares them), so the stored lists
 * are what the rule reads.
 */
export const merchantControlsSchema = z
  .object({
    mode: z.enum(MERCHANT_CONTROL_MODES),
    groups: z.array(z.enum(MERCHANT_GROUP_IDS)).max(MERCHANT_GROUP_IDS.length * 2),
    merchants: z.array(z.string().trim().min(1).max(MERCHANT_NAME_MAX_LENGTH)).max(MERCHANT_NAMES_MAX),
  })
  .transform(
    (value): MerchantControls => ({
      mode: value.mode,
      groups: [...new Set(value.groups)],
      merchants: value.merchants.filter(
        (name, index, all) =>
          all.findIndex((other) => normalizeMerchantName(other) === normalizeMerchantName(name)) === index,
      ),
    }),
  );

/** null: none (a card then follows the company's default; the company has no default). */
export const optionalMerchantControlsSchema = merchantControlsSchema.nullable();

/** The receipt lock's grace period in days, or null: off. */
export const receiptLockDaysSchema = z.int().min(RECEIPT_LOCK_DAYS_MIN).max(RECEIPT_LOCK_DAYS_MAX).nullable();

export const cardIdSchema = z.uuid();
export const userIdSchema = z.uuid();

export type MerchantControlsDto = { mode: MerchantControls["mode"]; groups: string[]; merchants: string[] };

export const controlsDto = (controls: MerchantControls | null): MerchantControlsDto | null =>
  controls ? { mode: controls.mode, groups: [...controls.groups], merchants: [...controls.merchants] } : null;

/**
 * The controls a card's authorizations meet (its own, else the company's default), with where they come from; null
 * when nothing restricts the card (no controls, or its own `BLOCK` with nothing listed, which opts out).
 */
export type EffectiveMerchantControlsDto = MerchantControlsDto & { source: "CARD" | "COMPANY_DEFAULT" };

export type CardMerchantControlsDto = {
  card_id: string;
  /** The card's own controls; null when it follows the company's default. */
  own: MerchantControlsDto | null;
  company_default: MerchantControlsDto | null;
  can_manage: boolean;
};

export type SpendRulesDto = {
  merchant_default: MerchantControlsDto | null;
  receipt_lock_days: number | null;
  can_manage_merchant_default: boolean;
  can_manage_receipt_lock: boolean;
};

export type ReceiptLockDto = {
  user_id: string;
  name: string;
  missing_count: number;
  since: Date | null;
  lifted_until: Date | null;
};

/** The caller's own receipt lock, for the employee app. */
export type MyReceiptLockDto = {
  locked: boolean;
  missing_count: number;
  lifted_until: Date | null;
  days: number | null;
};

export const myReceiptLockSchema = z.object({
  locked: z.boolean(),
  missing_count: z.int(),
  lifted_until: z.date().nullable(),
  days: z.int().nullable(),
});
