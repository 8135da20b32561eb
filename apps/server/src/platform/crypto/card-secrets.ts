import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hash,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";

/**
 * Card numbers and CVCs at rest: AES-256-GCM with the card key (decisions.md, "Cards and the card processor").
 * A sealed value is `version (1 byte) | IV (12) | tag (16) | ciphertext`; the version names the key, so a key
 * change later can keep old rows readable. The card id is the additional data: a ciphertext copied onto
 * another card's row does not decrypt.
 *
 * Cards are found by PAN through `panLookup`, an HMAC-SHA256 with a key derived from the card key (HKDF), so
 * the network's request never needs every card decrypted, and the lookup value reveals nothing without the key.
 */
export type CardSecrets = {
  seal(plaintext: string, cardId: string): Buffer;
  open(sealed: Buffer, cardId: string): string;
  panLookup(pan: string): string;
};

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const CARD_KEY_BYTES = 32;

export const createCardSecrets = (key: Buffer): CardSecrets => {
  if (key.length !== CARD_KEY_BYTES) throw new RangeError(`The card key must be ${CARD_KEY_BYTES} bytes`);
  const lookupKey = Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), "kort card pan lookup v1", 32));
  return {
    seal(plaintext, cardId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(cardId, "utf8"));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
    },
    open(sealed, cardId) {
      if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== VERSION) {
        throw new Error("Not a sealed card secret of a known version");
      }
      const iv = sealed.subarray(1, 1 + IV_BYTES);
      const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAAD(Buffer.from(cardId, "utf8"));
      decipher.setAuthTag(tag);
      const body = sealed.subarray(1 + IV_BYTES + TAG_BYTES);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    },
    panLookup(pan) {
      return createHmac("sha256", lookupKey).update(pan, "utf8").digest("hex");
    },
  };
};

/**
 * Constant-time comparison of two secrets of any length: their SHA-256 digests, of one length, are compared with
 * `timingSafeEqual` (the lengths may leak, the contents do not). It runs on every call of the card network, so the
 * digests are one-shot `hash` calls (an HMAC with a string key made a key object twice a decision, 4.6 µs against
 * 1.5 µs).
 */
export const secretsEqual = (given: string, expected: string): boolean =>
  timingSafeEqual(hash("sha256", given, "buffer"), hash("sha256", expected, "buffer"));
