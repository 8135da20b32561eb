import { readStored, STORAGE_KEYS } from "../app/storage.ts";

/**
 * Whether this browser turned unlock with biometrics on (issue 17): `kort.unlock` holds the device id it was turned
 * on for. Kept apart from unlock.ts so the session guard can ask without loading the WebAuthn library.
 */
export const UNLOCK_FLAG = "kort.unlock";

export const unlockEnabledHere = (): boolean => {
  try {
    const device = readStored(STORAGE_KEYS.device);
    return device !== null && localStorage.getItem(UNLOCK_FLAG) === device;
  } catch {
    return false;
  }
};

/** Whether the browser can do WebAuthn at all (what @simplewebauthn/browser checks), without loading it. */
export const unlockSupported = (): boolean =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/**
 * Forgets here that unlock is on: after a passcode change the server has removed every biometric key (they were set
 * up with the old passcode), so the cards page offers to turn it on again.
 */
export const forgetUnlockHere = (): void => {
  try {
    localStorage.removeItem(UNLOCK_FLAG);
  } catch {
    // Storage refused (a private window): nothing was remembered.
  }
};
