import { describe, expect, it } from "vitest";
import { DEFAULT_TOLERANCE, excessOverTolerance, toleranceFor, toleranceSettingsOf } from "./capture-tolerance.ts";

describe("capture tolerance", () => {
  it("allows the larger of 20% and 5.000 kr by default", () => {
    expect(toleranceFor("5411")).toEqual(DEFAULT_TOLERANCE);
    // 1.000 kr authorized: up to 6.000 kr clears quietly (5.000 kr above), 6.001 kr is over.
    expect(excessOverTolerance(1_000, 6_000, DEFAULT_TOLERANCE)).toBe(0);
    expect(excessOverTolerance(1_000, 6_001, DEFAULT_TOLERANCE)).toBe(5_001);
    // 100.000 kr authorized: 20% is 20.000 kr.
    expect(excessOverTolerance(100_000, 120_000, DEFAULT_TOLERANCE)).toBe(0);
    expect(excessOverTolerance(100_000, 120_001, DEFAULT_TOLERANCE)).toBe(20_001);
    // The case: 5.000.000 kr cleared on 1.000 kr authorized.
    expect(excessOverTolerance(1_000, 5_000_000, DEFAULT_TOLERANCE)).toBe(4_999_000);
    expect(excessOverTolerance(1_000, 900, DEFAULT_TOLERANCE)).toBe(0);
  });

  it("gives fuel and hotels their own, and takes the company's settings", () => {
    expect(toleranceFor("5542")).toEqual({ percent: 0, minimum: 1_000 });
    expect(toleranceFor("7011")).toEqual({ percent: 25, minimum: 25_000 });
    expect(toleranceFor("3650")).toEqual({ percent: 25, minimum: 25_000 });
    const settings = toleranceSettingsOf({
      capture_tolerance: { percent: 10, minimum: 2_000, mcc: { "5542": { minimum: 3_000 }, bad: "x" } },
    });
    expect(toleranceFor("5411", settings)).toEqual({ percent: 10, minimum: 2_000 });
    expect(toleranceFor("5542", settings)).toEqual({ percent: 0, minimum: 3_000 });
    expect(toleranceFor("7011", settings)).toEqual({ percent: 25, minimum: 25_000 });
    expect(toleranceSettingsOf({ capture_tolerance: { percent: -1, minimum: 1.5 } })).toEqual({ mcc: {} });
  });
});
