import { readSessionStored, SESSION_STORAGE_KEYS, writeSessionStored } from "../../app/storage.ts";

/** A sign-in between the e-mail and the passcode, kept in `sessionStorage["kort.signin"]` (docs/auth.md). */
export type PendingSignIn = { token_id: string; verification_id: string; email: string; phone_hint: string | null };

export const parsePendingSignIn = (raw: string | null): PendingSignIn | null => {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { token_id, verification_id, email, phone_hint } = value as Record<string, unknown>;
    if (typeof token_id !== "string" || typeof verification_id !== "string" || typeof email !== "string") return null;
    return { token_id, verification_id, email, phone_hint: typeof phone_hint === "string" ? phone_hint : null };
  } catch {
    return null;
  }
};

export const readPendingSignIn = (): PendingSignIn | null =>
  parsePendingSignIn(readSessionStored(SESSION_STORAGE_KEYS.signin));

export const storePendingSignIn = (pending: PendingSignIn): void =>
  writeSessionStored(SESSION_STORAGE_KEYS.signin, JSON.stringify(pending));

export const clearPendingSignIn = (): void => writeSessionStored(SESSION_STORAGE_KEYS.signin, null);
