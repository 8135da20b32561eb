import { describe, expect, it } from "vitest";
import { isSessionUsable, parseStoredAuth } from "./auth-token.ts";

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
