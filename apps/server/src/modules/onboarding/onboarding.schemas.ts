import {
  emailSchema,
  fullNameSchema,
  icelandicPhoneSchema,
  kennitalaSchema,
  passcodeSchema,
  ROLE_NAMES,
} from "@kort/core";
import { z } from "zod";

/** Bodies and answers of sign-up (docs/auth.md, "Sign-up"). Answers are whitelists; the passcode never leaves. */

export const createOnboardingBodySchema = z
  .object({
    email: emailSchema,
    /** A new company; without it the e-mail must have an open invitation. */
    company: z
      .object({ name: z.string().trim().min(1).max(200), kennitala: kennitalaSchema })
      .strict()
      .optional(),
  })
  .strict();

export type CreateOnboardingInput = z.output<typeof createOnboardingBodySchema>;

export const stepsSchema = z.union([z.literal(4), z.literal(5)]);

export const createdOnboardingSchema = z.object({ id: z.uuid(), status: z.literal("created"), steps: stepsSchema });

/** The kinds sign-up sets, each with its rule from @kort/core (spec section 5). */
export const attributeInputSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("full_name"), value: fullNameSchema }).strict(),
  z.object({ kind: z.literal("preferred_name"), value: z.string().trim().min(1).max(100) }).strict(),
  z.object({ kind: z.literal("national_id"), value: kennitalaSchema }).strict(),
  z.object({ kind: z.literal("app_pin"), value: passcodeSchema }).strict(),
  z.object({ kind: z.literal("phone"), value: icelandicPhoneSchema }).strict(),
]);

export type AttributeInput = z.output<typeof attributeInputSchema>;

export const setAttributesBodySchema = z
  .object({
    attributes: z.array(attributeInputSchema).min(1).max(5),
    terms_accepted: z.boolean().optional(),
    privacy_accepted: z.boolean().optional(),
  })
  .strict();

export type SetAttributesInput = z.output<typeof setAttributesBodySchema>;

export const linkVerificationBodySchema = z.object({ verification_id: z.uuid() }).strict();

export const inviteViewSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  company: z.object({ id: z.uuid(), title: z.string() }),
  role: z.enum(ROLE_NAMES),
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  inviter: z.object({ full_name: z.string() }).nullable(),
  expires_at: z.date(),
  status: z.enum(["pending", "accepted", "expired"]),
});

export const onboardingViewSchema = z.object({
  id: z.uuid(),
  status: z.enum(["created", "approved", "user_created", "expired"]),
  email: z.string(),
  steps: stepsSchema,
  company: z.object({ name: z.string(), kennitala: z.string() }).optional(),
  invite: inviteViewSchema.optional(),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  terms_accepted: z.boolean(),
  attributes: z.object({
    full_name: z.string().optional(),
    preferred_name: z.string().optional(),
    /** Written with the dash: `010130-2989`. */
    national_id: z.string().optional(),
    phone: z.string().optional(),
    /** Whether a passcode is set; the passcode itself never leaves the server. */
    app_pin: z.boolean(),
  }),
});

export type OnboardingView = z.output<typeof onboardingViewSchema>;

export const attributesResultSchema = onboardingViewSchema.extend({
  /** Set when a phone number was given: the SMS code's verification. */
  verification_id: z.uuid().optional(),
});

export const completedOnboardingSchema = z.object({
  status: z.enum(["user_created", "approved"]),
  token: z.string(),
  expires_at: z.date(),
  project_id: z.uuid(),
});
