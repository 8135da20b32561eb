import { passcodeSchema } from "@kort/core";
import { z } from "zod";

/** Output whitelists of the e-mail alias calls (issue 16). */
export const emailAddressSchema = z.object({
  id: z.string(),
  email: z.string(),
  verified_at: z.date().nullable(),
  created_at: z.date(),
});
export type EmailAddressDto = z.infer<typeof emailAddressSchema>;

/** POST /v1/email-addresses: the address to add (its shape is checked after trimming). */
export const emailInput = z.object({ email: z.string().max(400) });

/** POST /v1/email-addresses/:id/verify: the signed link's query. */
export const verifyInput = z.object({ expires: z.string().max(20), signature: z.string().max(100) });

/** POST /v1/email-addresses/:id/sign-in: the passcode, asked again before the sign-in address moves. */
export const signInAddressInput = z.object({ passcode: passcodeSchema }).strict();
