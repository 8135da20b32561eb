import { describe, expect, it } from "vitest";
import { fitWithin, RECEIPT_MAX_SIDE } from "./downscale.ts";

describe("fitWithin", () => {
  it("shrinks a phone photo to the longer side's maximum, keeping its proportions", () => {
    expect(fitWithin(4032, 3024, RECEIPT_MAX_SIDE)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032, RECEIPT_MAX_SIDE)).toEqual({ width: 1200, height: 1600 });
  });

  it("never enlarges a small image", () => {
    expect(fitWithin(800, 600, RECEIPT_MAX_SIDE)).toEqual({ width: 800, height: 600 });
  });

  it("keeps a long till slip at least one pixel wide", () => {
    expect(fitWithin(10, 100_000, RECEIPT_MAX_SIDE)).toEqual({ width: 1, height: 1600 });
  });
});
