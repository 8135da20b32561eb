import {
  ACCOUNT_HOLDERS,
  CREDIT_LIMIT_REQUEST_MAX,
  TRANSFER_MAX_AMOUNT,
  TRANSFER_STATUSES,
  TRANSFER_TYPES,
} from "@kort/core";
import { z } from "zod";

/** Inputs and output whitelists of the credit calls (spec 7, transfers; issue 16). */

export const createTransferInput = z.object({
  type: z.enum(TRANSFER_TYPES).default("COMPANY_DEPOSIT"),
  /** Whole kronur. */
  amount: z.number().int().min(1).max(TRANSFER_MAX_AMOUNT),
  /** `0133-26-012345`, with or without dashes; checked by core's parseBankAccount (BANK_ACCOUNT_INVALID). */
  bank_account: z.string().max(40),
  account_holder: z.enum(ACCOUNT_HOLDERS),
  /** The account holder's kennitala, with or without its dash. */
  holder_kennitala: z.string().max(20),
});
export type CreateTransferInput = z.input<typeof createTransferInput>;

export const creditLimitRequestInput = z.object({
  requested_limit: z.number().int().min(0).max(CREDIT_LIMIT_REQUEST_MAX),
  message: z.string().trim().max(1000).optional(),
});
export type CreditLimitRequestInput = z.input<typeof creditLimitRequestInput>;

export const transferTypeSchema = z.object({
  type: z.enum(TRANSFER_TYPES),
  source: z.literal("company_bank_account"),
  max_amount: z.number().int(),
});

export const transferSchema = z.object({
  id: z.string(),
  type: z.enum(TRANSFER_TYPES),
  status: z.enum(TRANSFER_STATUSES),
  amount: z.number().int(),
  currency: z.literal("ISK"),
  bank_account: z.string(),
  account_holder: z.enum(ACCOUNT_HOLDERS),
  holder_kennitala: z.string(),
  period_start: z.date().nullable(),
  initiated_at: z.date().nullable(),
  created_at: z.date(),
  created_by_name: z.string().nullable(),
});
export type TransferDto = z.infer<typeof transferSchema>;
