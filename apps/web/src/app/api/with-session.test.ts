import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readAuth, type StoredAuth, storeAuth } from "../session/auth-token.ts";
import { renewSession } from "../session/session-renewal.ts";
import { ApiError, type ApiErrorCode } from "./api-error.ts";
import { setSessionLostHandler, withSession } from "./with-session.ts";

vi.mock("../session/session-renewal.ts", () => ({ renewSession: vi.fn() }));

const renew = vi.mocked(renewSession);
const lost = vi.fn();
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const GRAPHQL: ReadonlySet<ApiErrorCode> = new Set(["UNAUTHENTICATED", "ACCESS_DENIED"]);
const options = { mode: "session", onLost: "redirect", retryOn: GRAPHQL } as const;

/** A Map-backed localStorage, so the real storage module runs in Node. */
const fakeStorage = (): Storage => {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
};

const renewsTo = (token: string) =>
  renew.mockImplementation(async () => {
    const next: StoredAuth = { token, expires_at: inMinutes(60), status: "approved" };
    storeAuth(next);
    return next;
  });

beforeEach(() => {
  vi.stubGlobal("window", { localStorage: fakeStorage(), sessionStorage: fakeStorage() });
  setSessionLostHandler(lost);
  storeAuth({ token: "old", expires_at: inMinutes(60), status: "approved" });
});

afterEach(() => {
  vi.unstubAllGlobals();
  renew.mockReset();
  lost.mockReset();
});

describe("withSession", () => {
  it("sends the stored token and leaves a fresh session alone", async () => {
    const attempt = vi.fn(async (token: string | null) => token);
    expect(await withSession(attempt, options)).toBe("old");
    expect(renew).not.toHaveBeenCalled();
  });

  it("renews first when less than five minutes are left", async () => {
    storeAuth({ token: "old", expires_at: inMinutes(3), status: "approved" });
    renewsTo("new");
    const attempt = vi.fn(async (token: string | null) => token);
    expect(await withSession(attempt, options)).toBe("new");
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it("renews once and retries on a GraphQL ACCESS_DENIED", async () => {
    renewsTo("new");
    const attempt = vi.fn(async (token: string | null) => {
      if (token === "old") throw new ApiError("ACCESS_DENIED", "stale");
      return "data";
    });
    expect(await withSession(attempt, options)).toBe("data");
    expect(attempt.mock.calls).toEqual([["old"], ["new"]]);
    expect(lost).not.toHaveBeenCalled();
  });

  it("gives up after one retry, and a second UNAUTHENTICATED loses the session", async () => {
    renewsTo("new");
    const attempt = vi.fn(async () => {
      throw new ApiError("UNAUTHENTICATED", "no");
    });
    await expect(withSession(attempt, options)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(lost).toHaveBeenCalledWith("redirect");
  });

  it("loses the session when the renewal is refused, the way the call asked", async () => {
    renew.mockRejectedValue(new ApiError("UNAUTHENTICATED", "expired", 401));
    const attempt = vi.fn(async () => {
      throw new ApiError("UNAUTHENTICATED", "no");
    });
    await expect(withSession(attempt, { ...options, onLost: "signOut" })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(lost).toHaveBeenCalledWith("signOut");
  });

  it("keeps the session when the renewal got no answer", async () => {
    renew.mockRejectedValue(new ApiError("NETWORK_ERROR", "offline"));
    const attempt = vi.fn(async () => {
      throw new ApiError("UNAUTHENTICATED", "no");
    });
    await expect(withSession(attempt, options)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(lost).not.toHaveBeenCalled();
    expect(readAuth()?.token).toBe("old");
  });

  it("retries with a token another call renewed meanwhile, without renewing again", async () => {
    const attempt = vi.fn(async (token: string | null) => {
      if (token === "old") {
        storeAuth({ token: "renewed-elsewhere", expires_at: inMinutes(60), status: "approved" });
        throw new ApiError("UNAUTHENTICATED", "retired");
      }
      return token;
    });
    expect(await withSession(attempt, options)).toBe("renewed-elsewhere");
    expect(renew).not.toHaveBeenCalled();
  });

  it("does not retry other errors, and public calls send no token", async () => {
    const failing = vi.fn(async () => {
      throw new ApiError("VALIDATION_FAILED", "bad");
    });
    await expect(withSession(failing, options)).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    expect(failing).toHaveBeenCalledTimes(1);
    const anonymous = vi.fn(async (token: string | null) => token);
    expect(await withSession(anonymous, { ...options, mode: "none" })).toBeNull();
    expect(renew).not.toHaveBeenCalled();
  });
});
