import { rest } from "../../app/api/client.ts";

/** `POST /v1/tokens` (docs/auth.md): the token being approved and the phone code sent for it. */
export type TokenStart = {
  id: string;
  status: string;
  expires_at: string;
  verification_id: string;
  /** The last 3 digits of the phone the code went to. */
  phone_hint?: string | null;
};

/** `POST /v1/tokens/{id}/secret`: the approved bearer token. */
export type ApprovedToken = { id: string; token: string; status: string; expires_at: string };

const PUBLIC = { withProject: false, session: "none" } as const;

/**
 * Starts sign-in for an e-mail address: a token in status `created` and a 6-digit SMS code. No session is
 * involved, so an error here is shown on the form, never a redirect.
 */
export const startSignIn = (email: string) =>
  rest<TokenStart>(
    "POST",
    "/tokens",
    { authenticator: "email", identity: { type: "email", value: email }, device: { make: "web" } },
    PUBLIC,
  );

/** The 4-digit passcode approves the token once its phone code is verified. */
export const submitPasscode = (tokenId: string, pin: string) =>
  rest<ApprovedToken>("POST", `/tokens/${encodeURIComponent(tokenId)}/secret`, { pin }, PUBLIC);

/** Checks a one-time code, by SMS or from an e-mail link (`POST /v1/verifications/{id}/data`). */
export const submitVerificationCode = (verificationId: string, code: string) =>
  rest<{ id: string; status: string }>(
    "POST",
    `/verifications/${encodeURIComponent(verificationId)}/data`,
    { code },
    PUBLIC,
  );

/** A new SMS code for the same verification (`POST /v1/verifications/{id}/start`); the old code stops working. */
export const resendVerificationCode = (verificationId: string) =>
  rest<{ id: string; status: string }>(
    "POST",
    `/verifications/${encodeURIComponent(verificationId)}/start`,
    {},
    PUBLIC,
  );
