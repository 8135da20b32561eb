import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { bearerToken, hashToken, idempotencyKeyHeader, localeFrom, projectIdHeader } from "./headers.ts";

describe("bearerToken", () => {
  it("reads a bearer token and ignores other schemes", () => {
    expect(bearerToken({ authorization: "Bearer abc.def" })).toBe("abc.def");
    expect(bearerToken({ authorization: "bearer   xyz " })).toBe("xyz");
    expect(bearerToken({ authorization: "Basic dXNlcjpwYXNz" })).toBeUndefined();
    expect(bearerToken({ authorization: "Bearer" })).toBeUndefined();
    expect(bearerToken({})).toBeUndefined();
  });

  it("hashes to sha256 hex", () => {
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("projectIdHeader", () => {
  it("accepts a UUID, lower-cases it, and treats absence as none", () => {
    expect(projectIdHeader({ "x-project-id": "6F9619FF-8B86-D011-B42D-00C04FC964FF" })).toBe(
      "6f9619ff-8b86-d011-b42d-00c04fc964ff",
    );
    expect(projectIdHeader({})).toBeUndefined();
    expect(projectIdHeader({ "x-project-id": "" })).toBeUndefined();
  });

  it("refuses anything else with BAD_REQUEST", () => {
    expect(() => projectIdHeader({ "x-project-id": "1; drop table projects" })).toThrowError(AppError);
    try {
      projectIdHeader({ "x-project-id": "42" });
    } catch (error) {
      expect(error instanceof AppError && error.code).toBe("BAD_REQUEST");
    }
  });
});

describe("localeFrom", () => {
  it.each([
    [undefined, "is-IS"],
    ["en-US", "en-US"],
    ["en", "en-US"],
    ["is", "is-IS"],
    ["de-DE, en;q=0.8", "en-US"],
    ["en;q=0.5, is;q=0.9", "is-IS"],
    ["fr", "is-IS"],
    ["en;q=0", "is-IS"],
    ["*", "is-IS"],
  ])("%s gives %s", (header, expected) => {
    expect(localeFrom(header === undefined ? {} : { "accept-language": header })).toBe(expected);
  });
});

describe("idempotencyKeyHeader", () => {
  it("keeps printable keys up to 255 characters", () => {
    expect(idempotencyKeyHeader({ "idempotency-key": "a".repeat(255) })).toHaveLength(255);
    expect(idempotencyKeyHeader({})).toBeUndefined();
  });

  it("refuses long or unprintable keys", () => {
    expect(() => idempotencyKeyHeader({ "idempotency-key": "a".repeat(256) })).toThrowError(AppError);
    expect(() => idempotencyKeyHeader({ "idempotency-key": "has space" })).toThrowError(AppError);
    expect(() => idempotencyKeyHeader({ "idempotency-key": "tab\there" })).toThrowError(AppError);
  });
});
