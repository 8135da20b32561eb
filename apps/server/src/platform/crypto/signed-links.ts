import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";

/**
 * Signed links that expire (spec 4): `<path>?expires=<unix seconds>&signature=<HMAC>`, where the HMAC-SHA256 covers
 * the path and the expiry. Whoever holds the link may fetch that one path until then, with no session: an `<img>`
 * or a new tab sends none. A link is handed only to a caller the policy allowed to read the thing it opens.
 */

/** Expiries are rounded up to this, so one answer after another carries the same link and the browser's cache hits. */
const EXPIRY_STEP_SECONDS = 300;

const EXPIRES = /^[0-9]{1,12}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

export type SignedLink = { url: string; expiresAt: Date };

export type LinkSigner = {
  /** When links made now expire: at least the configured lifetime ahead, rounded up to 5 minutes. */
  expiryFrom: (now: Date) => Date;
  /** `path` with its expiry and signature (the path as the router sees it, without a query). */
  sign: (path: string, expiresAt: Date) => SignedLink;
  /** Refuses a link not signed here (SIGNED_LINK_INVALID) or past its expiry (SIGNED_LINK_EXPIRED). */
  verify: (path: string, query: { expires?: string; signature?: string }, now: Date) => void;
};

const HKDF_INFO = "kort/signed-links/v1";

/**
 * The key links are signed with: KORT_LINK_KEY, else one derived from the card key (HKDF), which every process of
 * an installation already shares (KORT_CARD_KEY, or `<dataDir>/card-key` on the shared data folder), so a link one
 * process made opens on any other. Undefined when neither exists (a test app without a card key).
 */
export const linkKeyOf = (config: Pick<Config, "links" | "cardKey">): Buffer | undefined => {
  if (config.links.key) return Buffer.from(config.links.key, "utf8");
  if (config.cardKey) return Buffer.from(hkdfSync("sha256", config.cardKey, Buffer.alloc(0), HKDF_INFO, 32));
  return undefined;
};

export const createLinkSigner = (key: Buffer | undefined, ttlSeconds: number): LinkSigner => {
  const mac = (path: string, expires: string): Buffer => {
    if (!key) throw new Error("Signed links need KORT_LINK_KEY or a card key");
    return createHmac("sha256", key).update(`GET ${path}\n${expires}`, "utf8").digest();
  };
  const invalid = () => new AppError("SIGNED_LINK_INVALID", "The link is not valid.");

  return {
    expiryFrom: (now) => {
      const seconds = Math.ceil((now.getTime() / 1000 + ttlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
      return new Date(seconds * 1000);
    },

    sign: (path, expiresAt) => {
      const expires = String(Math.floor(expiresAt.getTime() / 1000));
      const signature = mac(path, expires).toString("base64url");
      return { url: `${path}?expires=${expires}&signature=${signature}`, expiresAt: new Date(Number(expires) * 1000) };
    },

    verify: (path, { expires, signature }, now) => {
      if (!expires || !signature || !EXPIRES.test(expires) || !SIGNATURE.test(signature)) throw invalid();
      // The signature first: a forged link learns nothing, not even whether its expiry has passed.
      if (!timingSafeEqual(Buffer.from(signature, "base64url"), mac(path, expires))) throw invalid();
      if (Number(expires) * 1000 <= now.getTime()) {
        throw new AppError("SIGNED_LINK_EXPIRED", "The link has expired. Ask for a new one.", {
          expired_at: new Date(Number(expires) * 1000).toISOString(),
        });
      }
    },
  };
};

/** The query of a signed link (`?expires=…&signature=…`) as a file route reads it; checked by `verify`. */
export const signedLinkQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});
