import { readStored, STORAGE_KEYS, writeStored } from "../storage.ts";

/** What `kort.auth` holds: the bearer token, when it stops working, and its status. */
export type StoredAuth = { token: string; expires_at: string; status?: string };

/** docs/auth.md: the web app renews on its own when less than 5 minutes are left. */
export const RENEW_BEFORE_MS = 5 * 60 * 1000;

/** docs/auth.md: the server still renews a token that expired less than 12 hours ago. */
export const RENEWABLE_AFTER_EXPIRY_MS = 12 * 60 * 60 * 1000;

export const parseStoredAuth = (raw: string | null): StoredAuth | null => {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { token, expires_at, status } = value as Record<string, unknown>;
    if (typeof token !== "string" || typeof expires_at !== "string") return null;
    return typeof status === "string" ? { token, expires_at, status } : { token, expires_at };
  } catch {
    return null;
  }
};

const isApproved = (auth: StoredAuth | null): auth is StoredAuth =>
  auth !== null && auth.token.length > 0 && (auth.status === undefined || auth.status === "approved");

/** Milliseconds until the token expires (negative once it has), or null when the expiry cannot be read. */
const msLeft = (auth: StoredAuth, now: Date): number | null => {
  const expires = Date.parse(auth.expires_at);
  return Number.isFinite(expires) ? expires - now.getTime() : null;
};

/** A session is usable when it has a token, is approved (or carries no status) and has not expired. */
export const isSessionUsable = (auth: StoredAuth | null, now: Date): auth is StoredAuth => {
  if (!isApproved(auth)) return false;
  const left = msLeft(auth, now);
  return left !== null && left > 0;
};

/**
 * Worth asking the server to renew: approved, and either unexpired or expired less than 12 hours ago. The
 * server has the last word (the 30-day limit on a session is known only to it).
 */
export const isSessionRenewable = (auth: StoredAuth | null, now: Date): auth is StoredAuth => {
  if (!isApproved(auth)) return false;
  const left = msLeft(auth, now);
  return left !== null && left > -RENEWABLE_AFTER_EXPIRY_MS;
};

/** Renew before the next call: renewable, with less than 5 minutes left. */
export const needsRenewal = (auth: StoredAuth | null, now: Date): boolean => {
  if (!isSessionRenewable(auth, now)) return false;
  const left = msLeft(auth, now);
  return left !== null && left < RENEW_BEFORE_MS;
};

/** When the token enters its last 5 minutes: the moment to renew it, in milliseconds from now (0 if past). */
export const msUntilRenewal = (auth: StoredAuth, now: Date): number =>
  Math.max(0, (msLeft(auth, now) ?? 0) - RENEW_BEFORE_MS);

export const readAuth = (): StoredAuth | null => parseStoredAuth(readStored(STORAGE_KEYS.auth));

export const readUsableAuth = (now = new Date()): StoredAuth | null => {
  const auth = readAuth();
  return isSessionUsable(auth, now) ? auth : null;
};

export const storeAuth = (auth: StoredAuth): void => writeStored(STORAGE_KEYS.auth, JSON.stringify(auth));

export const clearAuth = (): void => writeStored(STORAGE_KEYS.auth, null);
