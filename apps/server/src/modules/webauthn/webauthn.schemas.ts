import { z } from "zod";

/** Issue 17: unlock with the phone's biometrics. The browser's answers are checked by @simplewebauthn/server. */

export const deviceParams = z.object({ id: z.uuid() });

const base64url = z
  .string()
  .min(1)
  .max(4096)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, "base64url");

/** `startRegistration()`'s answer (RegistrationResponseJSON): the shape, not the cryptography. */
const registrationResponse = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: z.string().min(1).max(65_536),
    transports: z.array(z.string().max(20)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

/** `startAuthentication()`'s answer (AuthenticationResponseJSON). */
const authenticationResponse = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: z.string().max(256).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

/** The passcode again before a credential is made: a stolen session must not make a key of its own. */
export const registrationOptionsSchema = z.object({ passcode: z.string().regex(/^[0-9]{4}$/) });
export const registrationVerifySchema = z.object({ challenge_id: z.uuid(), response: registrationResponse });
export const authenticationOptionsSchema = z.object({ device_id: z.uuid() });
export const authenticationVerifySchema = z.object({ challenge_id: z.uuid(), response: authenticationResponse });

/** The options pass through to the browser as the library made them (nothing in them is secret). */
export const optionsAnswerSchema = z.object({
  challenge_id: z.uuid(),
  options: z.looseObject({ challenge: z.string() }),
});

export const registeredSchema = z.object({ device_id: z.uuid(), unlock_enabled: z.boolean() });

export const approvedTokenSchema = z.object({
  id: z.uuid(),
  token: z.string(),
  status: z.literal("approved"),
  expires_at: z.date(),
});
