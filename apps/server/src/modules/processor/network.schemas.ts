import { DECLINE_CODES, isCurrencyCode } from "@kort/core";
import { z } from "zod";

/** The network's id of a request: a retry carries the same one and gets the stored answer. */
const networkReference = z.string().trim().min(1).max(64).optional();

/** Amounts from the network: positive whole minor units, at most 12 digits (the form's longest amount). */
const amount = z.number().int().positive().max(999_999_999_999);

export const authorizationRequestSchema = z.object({
  pan: z.string().regex(/^[0-9]{12,19}$/, "12 to 19 digits"),
  expiry_month: z.number().int().min(1).max(12),
  expiry_year: z.number().int().min(2000).max(2099),
  amount,
  currency: z
    .string()
    .refine(isCurrencyCode, "an ISO 4217 code the processor knows")
    .transform((code) => (isCurrencyCode(code) ? code : "ISK")),
  merchant_name: z.string().trim().min(1).max(100),
  mcc: z.string().regex(/^[0-9]{4}$/, "4 digits"),
  merchant_country: z.string().regex(/^[A-Z]{2}$/, "ISO 3166 alpha-2"),
  network_reference: networkReference,
});

export const authorizationAnswerSchema = z.object({
  id: z.string().uuid().nullable(),
  approved: z.boolean(),
  decline_code: z.enum(DECLINE_CODES).nullable(),
  amount_isk: z.number().int(),
});

export const authorizationIdParams = z.object({ id: z.string().uuid() });

export const reversalAnswerSchema = z.object({
  id: z.string().uuid(),
  status: z.enum(["pending", "cleared", "reversed", "declined", "expired"]),
});

export const clearingRequestSchema = z.object({ authorization_id: z.string().uuid(), amount });

export const refundRequestSchema = z.union([
  z.object({ authorization_id: z.string().uuid(), amount, network_reference: networkReference }).strict(),
  z.object({ transaction_id: z.string().uuid(), amount, network_reference: networkReference }).strict(),
]);

export const settlementAnswerSchema = z.object({
  transaction_id: z.string().uuid(),
  authorization_id: z.string().uuid().nullable(),
  amount_isk: z.number().int(),
});
