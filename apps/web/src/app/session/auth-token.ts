import { readStored, STORAGE_KEYS, writeStored } from "../storage.ts";

/** What `kort.auth` holds: the bearer token and when it stops working. */
export type StoredAuth = { token: string; expires_at: string; status?: string };

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

/** A session is usable when it has a token, is approved (or carries no status) and has not expired. */
export const isSessionUsable = (auth: StoredAuth | null, now: Date): auth is StoredAuth => {
  if (!auth || auth.token.length === 0) return false;
  if (auth.status !== undefined && auth.status !== "approved") return false;
  const expires = Date.parse(auth.expires_at);
  return Number.isFinite(expires) && expires > now.getTime();
};

export const readAuth = (): StoredAuth | null => parseStoredAuth(readStored(STORAGE_KEYS.auth));

export const readUsableAuth = (now = new Date()): StoredAuth | null => {
  const auth = readAuth();
  return isSessionUsable(auth, now) ? auth : null;
};

export const storeAuth = (auth: StoredAuth): void => writeStored(STORAGE_KEYS.auth, JSON.stringify(auth));

export const clearAuth = (): void => writeStored(STORAGE_KEYS.auth, null);
