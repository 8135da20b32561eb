import { readSessionStored, SESSION_STORAGE_KEYS, writeSessionStored } from "../../app/storage.ts";

/** The SMS code sent to a sign-up's phone: which onboarding and which verification it belongs to. */
export type PendingPhone = { onboarding_id: string; verification_id: string };

export const readPendingPhone = (onboardingId: string): PendingPhone | null => {
  try {
    const value: unknown = JSON.parse(readSessionStored(SESSION_STORAGE_KEYS.signup) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const { onboarding_id, verification_id } = value as Record<string, unknown>;
    if (onboarding_id !== onboardingId || typeof verification_id !== "string") return null;
    return { onboarding_id, verification_id };
  } catch {
    return null;
  }
};

export const storePendingPhone = (pending: PendingPhone): void =>
  writeSessionStored(SESSION_STORAGE_KEYS.signup, JSON.stringify(pending));

export const clearPendingPhone = (): void => writeSessionStored(SESSION_STORAGE_KEYS.signup, null);
