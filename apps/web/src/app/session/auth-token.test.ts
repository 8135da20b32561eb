import { describe, expect, it } from "vitest";
import { isSessionRenewable, isSessionUsable, msUntilRenewal, needsRenewal, parseStoredAuth } from "./auth-token.ts";

const now = new Date("2026-11-21T12:00:00Z");

describe("parseStoredAuth", () => {
  it("reads token and expiry", () => {
    expect(parseStoredAuth('{"token":"t","expires_at":"2026-11-22T00:00:00Z"}')).toEqual({
      token: "t",
      expires_at: "2026-11-22T00:00:00Z",
    });
  });

  it.each([null, "", "not json", "null", "[]", '{"token":1}', '{"token":"t"}'])("rejects %s", (raw) => {
    expect(parseStoredAuth(raw)).toBeNull();
  });
});

describe("isSessionUsable", () => {
  it("accepts an unexpired token", () => {
    expect(isSessionUsable({ token: "t", expires_at: "2026-11-21T12:00:01Z" }, now)).toBe(true);
  });

  it("refuses an expired, unparseable or empty token", () => {
    expect(isSessionUsable({ token: "t", expires_at: "2026-11-21T12:00:00Z" }, now)).toBe(false);
    expect(isSessionUsable({ token: "t", expires_at: "soon" }, now)).toBe(false);
    expect(isSessionUsable({ token: "", expires_at: "2027-01-01T00:00:00Z" }, now)).toBe(false);
    expect(isSessionUsable(null, now)).toBe(false);
  });

  it("refuses a token that is not approved yet", () => {
    expect(isSessionUsable({ token: "t", expires_at: "2027-01-01T00:00:00Z", status: "created" }, now)).toBe(false);
    expect(isSessionUsable({ token: "t", expires_at: "2027-01-01T00:00:00Z", status: "approved" }, now)).toBe(true);
  });
});

describe("renewal timing", () => {
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

  it("renews in the last five minutes and up to twelve hours after expiry", () => {
    expect(needsRenewal({ token: "t", expires_at: at(30) }, now)).toBe(false);
    expect(needsRenewal({ token: "t", expires_at: at(4) }, now)).toBe(true);
    expect(needsRenewal({ token: "t", expires_at: at(-60) }, now)).toBe(true);
    expect(needsRenewal({ token: "t", expires_at: at(-13 * 60) }, now)).toBe(false);
    expect(needsRenewal({ token: "t", expires_at: at(4), status: "created" }, now)).toBe(false);
    expect(needsRenewal(null, now)).toBe(false);
  });

  it("knows a renewable session from a dead one", () => {
    expect(isSessionRenewable({ token: "t", expires_at: at(-11 * 60) }, now)).toBe(true);
    expect(isSessionRenewable({ token: "t", expires_at: at(-12 * 60) }, now)).toBe(false);
    expect(isSessionRenewable({ token: "t", expires_at: "soon" }, now)).toBe(false);
  });

  it("schedules the renewal five minutes before expiry", () => {
    expect(msUntilRenewal({ token: "t", expires_at: at(60) }, now)).toBe(55 * 60_000);
    expect(msUntilRenewal({ token: "t", expires_at: at(2) }, now)).toBe(0);
  });
});
