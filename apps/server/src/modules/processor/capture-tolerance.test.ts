import { describe, expect, it } from "vitest";
import {
  DEFAULT_TOLERANCES,
  excessOverTolerance,
  toleranceFor,
  toleranceKindOf,
  tolerancesOf,
} from "./capture-tolerance.ts";

const DEFAULT_TOLERANCE = DEFAULT_TOLERANCES.general;

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

  it("gives fuel and hotels their own", () => {
    expect(
      ["5541", "5542", "5983", "7011", "3501", "3650", "3999", "5411", "4111", "350", "35011"].map(toleranceKindOf),
    ).toEqual(["fuel", "fuel", "fuel", "hotel", "hotel", "hotel", "hotel", "general", "general", "general", "general"]);
    expect(toleranceFor("5542")).toEqual({ percent: 0, minimum: 1_000 });
    expect(toleranceFor("7011")).toEqual({ percent: 25, minimum: 25_000 });
    expect(toleranceFor("3650")).toEqual({ percent: 25, minimum: 25_000 });
  });

  it("takes each of the company's settings, and the default where one is missing or bad", () => {
    // The general one at the top, as it was first stored; a setting of one kind leaves the others alone.
    const tolerances = tolerancesOf({
      capture_tolerance: { percent: 10, minimum: 2_000, fuel: { minimum: 3_000 }, hotel: "x" },
    });
    expect(tolerances).toEqual({
      general: { percent: 10, minimum: 2_000 },
      fuel: { percent: 0, minimum: 3_000 },
      hotel: { percent: 25, minimum: 25_000 },
    });
    expect(toleranceFor("5411", tolerances)).toEqual({ percent: 10, minimum: 2_000 });
    expect(toleranceFor("5542", tolerances)).toEqual({ percent: 0, minimum: 3_000 });
    expect(toleranceFor("7011", tolerances)).toEqual({ percent: 25, minimum: 25_000 });
    expect(tolerancesOf({ capture_tolerance: { percent: -1, minimum: 1.5, fuel: { percent: 2 ** 60 } } })).toEqual(
      DEFAULT_TOLERANCES,
    );
    expect(tolerancesOf({ capture_tolerance: [1, 2] })).toEqual(DEFAULT_TOLERANCES);
    expect(tolerancesOf({})).toEqual(DEFAULT_TOLERANCES);
  });
});
