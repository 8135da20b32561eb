import { hash, verify } from "@node-rs/argon2";

/**
 * Passcodes (4 digits) and one-time codes are hashed with argon2id at the library's defaults (19 MiB,
 * 2 passes, 1 lane: OWASP's minimum). A 4-digit space is small whatever the hash, so the real guard is the
 * attempt counter and lock on the user; the hash keeps a leaked table from handing out the codes directly.
 */
export const hashPasscode = (passcode: string): Promise<string> => hash(passcode);

/** False (never a throw) for a wrong passcode or a malformed stored hash. */
export async function verifyPasscode(passcode: string, passcodeHash: string): Promise<boolean> {
  try {
    return await verify(passcodeHash, passcode);
  } catch {
    return false;
  }
}
