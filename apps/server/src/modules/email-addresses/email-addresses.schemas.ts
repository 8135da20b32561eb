import { z } from "zod";

/** Output whitelists of the e-mail alias calls (issue 16). */
export const emailAddressSchema = z.object({
  id: z.string(),
  email: z.string(),
  verified_at: z.date().nullable(),
  created_at: z.date(),
});
export type EmailAddressDto = z.infer<typeof emailAddressSchema>;
