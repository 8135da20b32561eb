import { z } from "zod";
import { timeCursorFromText } from "../../platform/db/keyset-cursor.ts";

/** Inputs and output whitelists of the referral calls (spec 7: POST /referrals, POST /referrals/redeem/{code}). */

export const createReferralInput = z.object({ email: z.string().max(400) });

export const referralPageInput = z.object({
  first: z.number().int().min(1).max(100).nullish(),
  after: timeCursorFromText.nullish(),
});

export const referralSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  created_at: z.date(),
  expires_at: z.date(),
  /** The company that signed up with the code, and when; null while it has not. */
  joined_company: z.string().nullable(),
  joined_at: z.date().nullable(),
});
export type ReferralDto = z.output<typeof referralSchema>;

export const redeemedSchema = z.object({ redeemed: z.literal(true), redeemed_at: z.date() });

export const codeParams = z.object({ code: z.string().max(200) });
