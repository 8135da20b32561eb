import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { vatOfGross } from "./export-line.ts";

describe("the VAT inside a gross amount", () => {
  it("is exact at the Icelandic rates", () => {
    expect(vatOfGross(12_400, 2400)).toBe(2400);
    expect(vatOfGross(1110, 1100)).toBe(110);
    expect(vatOfGross(4590, 0)).toBe(0);
  });

  it("rounds half away from zero, the same for a refund as for its purchase", () => {
    expect(vatOfGross(3, 2400)).toBe(1);
    expect(vatOfGross(-3, 2400)).toBe(-1);
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }),
        fc.constantFrom(0, 550, 1100, 2400),
        (gross, rate) => {
          const vat = vatOfGross(gross, rate);
          expect(vatOfGross(-gross, rate) + vat).toBe(0);
          // Never more than half a króna from the exact share, computed in integers.
          const exact = BigInt(gross) * BigInt(rate);
          const error = BigInt(vat) * BigInt(10_000 + rate) - exact;
          expect(2n * (error < 0n ? -error : error) <= BigInt(10_000 + rate)).toBe(true);
        },
      ),
    );
  });
});
