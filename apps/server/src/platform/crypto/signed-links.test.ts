import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { createLinkSigner, linkKeyOf } from "./signed-links.ts";

const codeOf = (run: () => void): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : "not an AppError";
  }
};

const queryOf = (url: string) => Object.fromEntries(new URL(url, "http://kort").searchParams);

describe("signed links", () => {
  const signer = createLinkSigner(randomBytes(32), 900);
  const now = new Date("2026-11-21T12:00:10.000Z");
  const path = "/v1/receipts/5b1c0bb5-38a0-4d70-9bb1-0c0f0f4c2a11/file";

  it("expire at least the lifetime ahead, on a 5-minute step, so answers repeat the same link", () => {
    expect(signer.expiryFrom(now).toISOString()).toBe("2026-11-21T12:20:00.000Z");
    expect(signer.expiryFrom(new Date("2026-11-21T12:04:59.000Z")).toISOString()).toBe("2026-11-21T12:20:00.000Z");
    const first = signer.sign(path, signer.expiryFrom(now));
    const second = signer.sign(path, signer.expiryFrom(new Date(now.getTime() + 60_000)));
    expect(second.url).toBe(first.url);
    expect(first.expiresAt.toISOString()).toBe("2026-11-21T12:20:00.000Z");
  });

  it("open their own path until they expire, and never after", () => {
    const link = signer.sign(path, signer.expiryFrom(now));
    const query = queryOf(link.url);
    expect(link.url.startsWith(`${path}?expires=`)).toBe(true);
    expect(codeOf(() => signer.verify(path, query, now))).toBeUndefined();
    expect(codeOf(() => signer.verify(path, query, new Date(link.expiresAt.getTime() - 1)))).toBeUndefined();
    expect(codeOf(() => signer.verify(path, query, link.expiresAt))).toBe("SIGNED_LINK_EXPIRED");
  });

  it("refuse a forged, altered, moved or foreign link as invalid, whatever its expiry", () => {
    const query = queryOf(signer.sign(path, signer.expiryFrom(now)).url);
    const later = String(Number(query.expires) + 86_400);
    const other = createLinkSigner(randomBytes(32), 900);
    const cases = [
      {},
      { expires: query.expires },
      { signature: query.signature },
      { ...query, expires: later },
      { ...query, signature: `${query.signature?.slice(0, -2)}AA` },
      { ...query, signature: "x".repeat(43) },
      { ...query, signature: "not base64url!" },
      { ...query, expires: "-1" },
      queryOf(other.sign(path, other.expiryFrom(now)).url),
    ];
    for (const forged of cases)
      expect(
        codeOf(() => signer.verify(path, forged, now)),
        JSON.stringify(forged),
      ).toBe("SIGNED_LINK_INVALID");
    expect(codeOf(() => signer.verify(path.replace("/file", "/thumbnail"), query, now))).toBe("SIGNED_LINK_INVALID");
    // An expired forgery is still a forgery.
    expect(codeOf(() => signer.verify(path, { ...query, expires: "1" }, now))).toBe("SIGNED_LINK_INVALID");
  });

  it("take KORT_LINK_KEY, else a key derived from the card key, so every process signs alike", () => {
    const cardKey = randomBytes(32);
    const a = linkKeyOf({ links: { key: undefined, ttlSeconds: 900 }, cardKey });
    const b = linkKeyOf({ links: { key: undefined, ttlSeconds: 900 }, cardKey: Buffer.from(cardKey) });
    expect(a?.equals(b ?? Buffer.alloc(0))).toBe(true);
    expect(a?.equals(cardKey)).toBe(false);
    expect(linkKeyOf({ links: { key: "k".repeat(32), ttlSeconds: 900 }, cardKey })?.toString()).toBe("k".repeat(32));
    expect(linkKeyOf({ links: { key: undefined, ttlSeconds: 900 }, cardKey: undefined })).toBeUndefined();
  });
});
