import { isSessionRenewable, needsRenewal, readAuth } from "../session/auth-token.ts";
import { renewSession } from "../session/session-renewal.ts";
import { ApiError, type ApiErrorCode, toApiError } from "./api-error.ts";

/**
 * What a call does with the session:
 * - `session` (default): sends the token, renews it first when less than 5 minutes are left, and on an
 *   authentication error renews once and retries; when that fails the session-lost handler runs;
 * - `token`: sends the stored token as it is and nothing more (sign-out);
 * - `none`: a public call (sign-in, sign-up, version, outbox) sends no token at all.
 */
export type SessionMode = "session" | "token" | "none";

/** After a session is lost: back to sign-in with redirectTo (default), or sign out to `/` (the current user). */
export type SessionLost = "redirect" | "signOut";

let sessionLostHandler: (how: SessionLost) => void = () => {};

/** The router registers what a lost session does (clear the token, navigate). */
export const setSessionLostHandler = (handler: (how: SessionLost) => void): void => {
  sessionLostHandler = handler;
};

const renewOrLose = async (how: SessionLost, original: ApiError): Promise<void> => {
  try {
    await renewSession();
  } catch (error) {
    // A renewal that never got an answer says nothing about the session: keep it and report the failure.
    if (toApiError(error).code === "NETWORK_ERROR") throw original;
    sessionLostHandler(how);
    throw original;
  }
};

/**
 * Runs `attempt` with the session's token, renewing as docs/auth.md asks. `retryOn` lists the codes that
 * mean "maybe the token is stale" for this transport (GraphQL also retries ACCESS_DENIED).
 */
export const withSession = async <T>(
  attempt: (token: string | null) => Promise<T>,
  options: { mode: SessionMode; onLost: SessionLost; retryOn: ReadonlySet<ApiErrorCode> },
): Promise<T> => {
  if (options.mode === "none") return attempt(null);
  if (options.mode === "token") return attempt(readAuth()?.token ?? null);

  if (needsRenewal(readAuth(), new Date())) {
    await renewOrLose(options.onLost, new ApiError("UNAUTHENTICATED", "The session could not be renewed.", 401));
  }
  const used = readAuth()?.token ?? null;
  try {
    return await attempt(used);
  } catch (error) {
    if (!(error instanceof ApiError) || !options.retryOn.has(error.code)) throw error;
    const stored = readAuth();
    // Another call renewed while this one was on its way: retry with the new token, no second renewal.
    if (stored && stored.token !== used) return retry(attempt, stored.token, options.onLost);
    if (!isSessionRenewable(stored, new Date())) {
      if (error.code === "UNAUTHENTICATED") sessionLostHandler(options.onLost);
      throw error;
    }
    await renewOrLose(options.onLost, error);
    return retry(attempt, readAuth()?.token ?? null, options.onLost);
  }
};

const retry = async <T>(attempt: (token: string | null) => Promise<T>, token: string | null, onLost: SessionLost) => {
  try {
    return await attempt(token);
  } catch (error) {
    if (error instanceof ApiError && error.code === "UNAUTHENTICATED") sessionLostHandler(onLost);
    throw error;
  }
};
