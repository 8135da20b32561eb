import { describe, expect, it } from "vitest";
import { buildHeaders, newIdempotencyKey } from "./headers.ts";

const base = { token: "tok", projectId: "p1", locale: "is-IS" as const, hasBody: false, newKey: () => "key-1" };

describe("buildHeaders", () => {
  it("sends token, project and Icelandic locale", () => {
    expect(buildHeaders({ ...base, method: "GET" })).toEqual({
      Accept: "application/json",
      "Accept-Language": "is-IS",
      Authorization: "Bearer tok",
      "X-Project-Id": "p1",
    });
  });

  it("adds an idempotency key and content type on POST and PATCH only", () => {
    expect(buildHeaders({ ...base, method: "post", hasBody: true })).toMatchObject({
      "Idempotency-Key": "key-1",
      "Content-Type": "application/json",
    });
    expect(buildHeaders({ ...base, method: "PATCH" })["Idempotency-Key"]).toBe("key-1");
    expect(buildHeaders({ ...base, method: "DELETE" })["Idempotency-Key"]).toBeUndefined();
  });

  it("leaves out what is not there and speaks English when asked", () => {
    const headers = buildHeaders({ ...base, token: null, projectId: null, locale: "en-US", method: "GET" });
    expect(headers.Authorization).toBeUndefined();
    expect(headers["X-Project-Id"]).toBeUndefined();
    expect(headers["Accept-Language"]).toBe("en-US");
  });
});

describe("newIdempotencyKey", () => {
  it("gives distinct UUIDs", () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
