import { emailSchema, mobilePhoneSchema, passcodeSchema, verificationCodeSchema } from "@kort/core";
import { z } from "zod";

/** Bodies and answers of the sign-in calls (docs/auth.md). Answers are whitelists: nothing else leaves. */

export const idParamsSchema = z.object({ id: z.uuid() }).strict();

/** POST /v1/tokens. Spec section 7 also names `secret`; the e-mail authenticator has none, so it is refused. */
export const createTokenBodySchema = z
  .object({
    authenticator: z.literal("email"),
    identity: z.object({ type: z.literal("email"), value: emailSchema }).strict(),
    device: z
      .object({
        make: z.string().trim().min(1).max(100),
        id: z.string().trim().min(1).max(200).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export type CreateTokenInput = z.output<typeof createTokenBodySchema>;

export const pendingTokenSchema = z.object({
  id: z.uuid(),
  status: z.literal("created"),
  expires_at: z.date(),
  verification_id: z.uuid(),
  /** The last three digits of the phone the code went to. */
  phone_hint: z.string(),
});

export type PendingToken = z.output<typeof pendingTokenSchema>;

export const verificationDataBodySchema = z.object({ code: verificationCodeSchema }).strict();

export const verificationResultSchema = z.object({ id: z.uuid(), status: z.literal("verified") });

/** `GET /v1/verifications/{id}` and `POST .../start`: where a code stands, never the code or whose it is. */
export const verificationStatusSchema = z.object({
  id: z.uuid(),
  status: z.enum(["created", "started", "verified", "expired", "failed"]),
  /** sms or email: the channel the code went by. */
  channel: z.string(),
  target_hint: z.string(),
  expires_at: z.date(),
  attempts_left: z.int().min(0),
});

export const tokenSecretBodySchema = z.object({ pin: passcodeSchema }).strict();

/** A passcode change: the current passcode, then the new one (four digits each). */
export const passcodeChangeBodySchema = z.object({ passcode: passcodeSchema, new_passcode: passcodeSchema }).strict();

export type PasscodeChangeBody = z.output<typeof passcodeChangeBodySchema>;

export const passcodeChangedSchema = z.object({
  changed_at: z.date(),
  /** The person's other sessions (browsers, phones) that the change signed out. */
  signed_out_sessions: z.number().int(),
  /** Biometric unlock keys removed: unlock by biometrics must be turned on again on each phone. */
  unlock_keys_removed: z.number().int(),
});

export const approvedTokenSchema = z.object({
  id: z.uuid(),
  token: z.string(),
  status: z.literal("approved"),
  expires_at: z.date(),
});

export const sessionStatusSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  status: z.literal("approved"),
  expires_at: z.date(),
  /** False when the token has expired but can still be renewed. */
  active: z.boolean(),
  renewable_until: z.date(),
});

/** A phone change, step 1: the new mobile number (as typed, Icelandic) and the passcode. */
export const phoneChangeBodySchema = z.object({ phone: mobilePhoneSchema, passcode: passcodeSchema }).strict();

export type PhoneChangeBody = z.output<typeof phoneChangeBodySchema>;

export const phoneChangeStartedSchema = z.object({
  verification_id: z.uuid(),
  expires_at: z.date(),
  /** The last three digits of the number the code went to. */
  phone_hint: z.string(),
});

/** A phone change, step 2: the code the new number received. */
export const phoneChangeConfirmBodySchema = z
  .object({ verification_id: z.uuid(), code: verificationCodeSchema })
  .strict();

export type PhoneChangeConfirmBody = z.output<typeof phoneChangeConfirmBodySchema>;

export const phoneChangedSchema = z.object({ phone: z.string() });
