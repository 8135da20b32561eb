import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/api-error.ts";
import type { StoredAuth } from "./auth-token.ts";
import { createSessionRenewal, parseRenewal, shareInflight } from "./session-renewal.ts";

/** A promise the test settles by hand. */
const deferred = <T>() => {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const fakeStore = (initial: StoredAuth | null) => {
  let auth = initial;
  return { read: () => auth, store: vi.fn((next: StoredAuth) => (auth = next)), current: () => auth };
};

describe("shareInflight", () => {
  it("gives concurrent callers the same promise and starts anew once it settles", async () => {
    let runs = 0;
    const shared = shareInflight(async () => ++runs);
    const first = shared();
    expect(shared()).toBe(first);
    expect(await Promise.all([first, shared()])).toEqual([1, 1]);
    expect(await shared()).toBe(2);
  });

  it("lets the next caller try again after a failure", async () => {
    let runs = 0;
    const shared = shareInflight(async () => {
      runs += 1;
      if (runs === 1) throw new Error("down");
      return runs;
    });
    await expect(Promise.all([shared(), shared()])).rejects.toThrow("down");
    expect(await shared()).toBe(2);
  });
});

describe("createSessionRenewal", () => {
  const old = { token: "old", expires_at: "2026-11-21T12:03:00Z", status: "approved" };

  it("sends one request for many concurrent callers and stores the new token once", async () => {
    const store = fakeStore(old);
    const answer = deferred<unknown>();
    const post = vi.fn(() => answer.promise);
    const renew = createSessionRenewal({ read: store.read, store: store.store, post });
    const callers = [renew(), renew(), renew(), renew(), renew()];
    answer.resolve({ id: "t2", token: "new", status: "approved", expires_at: "2026-11-21T13:00:00Z" });
    const results = await Promise.all(callers);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith("old");
    expect(store.store).toHaveBeenCalledTimes(1);
    expect(new Set(results).size).toBe(1);
    expect(store.current()).toEqual({ token: "new", expires_at: "2026-11-21T13:00:00Z", status: "approved" });
  });

  it("renews again with the new token after the first renewal settled", async () => {
    const store = fakeStore(old);
    const post = vi.fn(async (token: string) => ({ token: `${token}+`, expires_at: "2026-11-21T13:00:00Z" }));
    const renew = createSessionRenewal({ read: store.read, store: store.store, post });
    await renew();
    await renew();
    expect(post.mock.calls).toEqual([["old"], ["old+"]]);
  });

  it("rejects every waiting caller when the server refuses, and keeps the old token", async () => {
    const store = fakeStore(old);
    const post = vi.fn(async () => {
      throw new ApiError("UNAUTHENTICATED", "expired", 401);
    });
    const renew = createSessionRenewal({ read: store.read, store: store.store, post });
    const results = await Promise.allSettled([renew(), renew()]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(post).toHaveBeenCalledTimes(1);
    expect(store.store).not.toHaveBeenCalled();
  });

  it("does not call the server without a session", async () => {
    const post = vi.fn(async () => ({}));
    const renew = createSessionRenewal({ read: () => null, store: vi.fn(), post });
    await expect(renew()).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(post).not.toHaveBeenCalled();
  });
});

describe("parseRenewal", () => {
  it("needs a token and an expiry, and takes approved when no status is given", () => {
    expect(parseRenewal({ token: "t", expires_at: "x" })).toEqual({ token: "t", expires_at: "x", status: "approved" });
    expect(parseRenewal({ token: "", expires_at: "x" })).toBeNull();
    expect(parseRenewal({ expires_at: "x" })).toBeNull();
    expect(parseRenewal(null)).toBeNull();
  });
});
