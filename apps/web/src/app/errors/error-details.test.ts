import { describe, expect, it } from "vitest";
import { attemptsLeft, errorReasons, lockedUntil } from "./error-details.ts";

describe("error details", () => {
  it("reads locked_until as a date", () => {
    expect(lockedUntil({ locked_until: "2026-11-21T12:15:00.000Z" })?.toISOString()).toBe("2026-11-21T12:15:00.000Z");
    expect(lockedUntil({ locked_until: "later" })).toBeNull();
    expect(lockedUntil(undefined)).toBeNull();
  });

  it("reads attempts_left as a whole number", () => {
    expect(attemptsLeft({ attempts_left: 3 })).toBe(3);
    expect(attemptsLeft({ attempts_left: 0 })).toBe(0);
    expect(attemptsLeft({ attempts_left: "3" })).toBeNull();
    expect(attemptsLeft(null)).toBeNull();
  });

  it("collects the reasons of a conflict and of validation issues, once each", () => {
    expect(errorReasons({ reason: "user_exists" })).toEqual(["user_exists"]);
    const issues = [{ params: { reason: "in_use" } }, { params: { reason: "in_use" } }, { message: "x" }];
    expect(errorReasons({ issues })).toEqual(["in_use"]);
    expect(errorReasons(undefined)).toEqual([]);
  });
});
