import { randomBytes, randomInt } from "node:crypto";
import { VERIFICATION_CODE_LENGTH } from "@kort/core";
import { hashPasscode, verifyPasscode } from "../../platform/crypto/passwords.ts";

/** A 6-digit code from the CSPRNG, leading zeros kept. */
export const newCode = (): string =>
  String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, "0");

/** Codes are stored as argon2id hashes like passcodes (docs/decisions.md: about 15 ms a hash here). */
export const hashCode = (code: string): Promise<string> => hashPasscode(code);

export const verifyCode = (code: string, codeHash: string): Promise<boolean> => verifyPasscode(code, codeHash);

/** A bearer token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export const newBearerToken = (): string => randomBytes(32).toString("base64url");
