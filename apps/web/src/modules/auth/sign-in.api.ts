import { rest } from "../../app/api/client.ts";

/** What `POST /v1/tokens` answers (spec 7): the token being approved and its status. */
export type TokenStart = { id?: string; token?: string; status: string; expires_at?: string };

/**
 * Starts sign-in for an e-mail address (spec 7, POST /tokens). The server answers with a token in status
 * `created`, approved later by the SMS code and the passcode. No redirect on UNAUTHENTICATED: here it means
 * the address cannot sign in, which the form shows.
 */
export const startSignIn = (email: string) =>
  rest<TokenStart>(
    "POST",
    "/tokens",
    { authenticator: "email", identity: { type: "email", value: email }, device: { make: "web" } },
    { withProject: false, redirectOnUnauthenticated: false },
  );
