import { describe, expect, it } from "vitest";
import {
  basisPointsToDecimal,
  basisPointsToPercentage,
  decimalToBasisPoints,
  dimensionCountAllowed,
  formatPercentage,
  isCategoryCode,
  percentageToBasisPoints,
  valueChipText,
} from "./accounting.ts";
import { categoryCodeSchema, taxPercentageSchema } from "./validation.ts";

describe("category codes", () => {
  it("take 1 to 20 letters, digits, dots and dashes", () => {
    for (const code of ["2360", "4410.1", "A-12", "Þ1", "x", "12345678901234567890"]) {
      expect(isCategoryCode(code), code).toBe(true);
    }
    for (const code of ["", "23 60", "2360/1", "123456789012345678901", "4410_1", "#1"]) {
      expect(isCategoryCode(code), code).toBe(false);
    }
  });

  it("are trimmed before they are checked", () => {
    expect(categoryCodeSchema.parse("  2360 ")).toBe("2360");
    expect(categoryCodeSchema.safeParse("   ").success).toBe(false);
  });
});

describe("tax percentages", () => {
  it("read the decimal text, never multiplying a float", () => {
    expect(percentageToBasisPoints(24)).toBe(2400);
    expect(percentageToBasisPoints(5.5)).toBe(550);
    expect(percentageToBasisPoints(0.29)).toBe(29);
    expect(percentageToBasisPoints(12.25)).toBe(1225);
    expect(percentageToBasisPoints(100)).toBe(10_000);
    expect(percentageToBasisPoints(0)).toBe(0);
  });

  it("refuse more than two decimals and anything outside 0 to 100", () => {
    for (const value of [0.291, -1, 100.01, 101, Number.NaN, Number.POSITIVE_INFINITY, 1e-7]) {
      expect(percentageToBasisPoints(value), String(value)).toBeNull();
    }
    expect(taxPercentageSchema.safeParse(24.125).success).toBe(false);
    expect(taxPercentageSchema.parse(11)).toBe(1100);
  });

  it("go to and from PostgreSQL's numeric(5,2) exactly", () => {
    expect(basisPointsToDecimal(550)).toBe("5.50");
    expect(basisPointsToDecimal(10_000)).toBe("100.00");
    expect(decimalToBasisPoints("24.00")).toBe(2400);
    expect(decimalToBasisPoints("0.29")).toBe(29);
    expect(decimalToBasisPoints("abc")).toBeNull();
    expect(basisPointsToPercentage(550)).toBe(5.5);
  });

  it("show with the language's decimal mark", () => {
    expect(formatPercentage(2400, "is-IS")).toBe("24%");
    expect(formatPercentage(550, "is-IS")).toBe("5,5%");
    expect(formatPercentage(550, "en-US")).toBe("5.5%");
  });
});

describe("the plan", () => {
  it("allows 3 dimensions a category on basic and any number on pro", () => {
    expect(dimensionCountAllowed("basic", 3)).toBe(true);
    expect(dimensionCountAllowed("basic", 4)).toBe(false);
    expect(dimensionCountAllowed("pro", 40)).toBe(true);
  });
});

describe("value chips", () => {
  it("cut at 50 characters", () => {
    expect(valueChipText("Vefur 2026")).toBe("Vefur 2026");
    const long = "x".repeat(51);
    expect(valueChipText(long)).toBe(`${"x".repeat(50)}…`);
    expect(valueChipText("y".repeat(50))).toBe("y".repeat(50));
  });
});
