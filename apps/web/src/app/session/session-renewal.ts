import { ApiError, parseRestError } from "../api/api-error.ts";
import { sendRequest } from "../api/transport.ts";
import { readAuth, type StoredAuth, storeAuth } from "./auth-token.ts";

/**
 * Wraps a task so that everyone who asks while it runs shares the same run, and so the same promise; the
 * first ask after it settles starts a new run.
 */
export const shareInflight = <T>(task: () => Promise<T>): (() => Promise<T>) => {
  let inflight: Promise<T> | null = null;
  return () => {
    if (!inflight) {
      inflight = task().finally(() => {
        inflight = null;
      });
    }
    return inflight;
  };
};

/** `POST /v1/sessions` answers the new token; anything without one is not a renewal. */
export const parseRenewal = (data: unknown): StoredAuth | null => {
  if (typeof data !== "object" || data === null) return null;
  const { token, expires_at, status } = data as Record<string, unknown>;
  if (typeof token !== "string" || token === "" || typeof expires_at !== "string") return null;
  return { token, expires_at, status: typeof status === "string" ? status : "approved" };
};

export type RenewalDeps = {
  read: () => StoredAuth | null;
  store: (auth: StoredAuth) => void;
  /** Sends `POST /v1/sessions` with the old token and resolves to the answer's body, or rejects with an ApiError. */
  post: (token: string) => Promise<unknown>;
};

/** A renewer over its own dependencies: one shared request however many callers ask at once. */
export const createSessionRenewal = (deps: RenewalDeps): (() => Promise<StoredAuth>) =>
  shareInflight(async () => {
    const current = deps.read();
    if (!current) throw new ApiError("UNAUTHENTICATED", "There is no session to renew.");
    const renewed = parseRenewal(await deps.post(current.token));
    if (!renewed) throw new ApiError("UNKNOWN", "The renewal answer carried no token.");
    deps.store(renewed);
    return renewed;
  });

const postSessions = async (token: string): Promise<unknown> => {
  const answer = await sendRequest("POST", "/v1/sessions", {}, { token, projectId: null });
  if (!answer.ok) throw parseRestError(answer.status, answer.data);
  return answer.data;
};

/**
 * Renews the stored session and stores the new token (docs/auth.md: renewal retires the old one). Concurrent
 * callers, say five queries that all found the token about to expire, share this module's one request.
 */
export const renewSession = createSessionRenewal({ read: readAuth, store: storeAuth, post: postSessions });
