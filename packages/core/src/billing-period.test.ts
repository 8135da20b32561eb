import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BillingPeriod,
  billingPeriodContains,
  billingPeriodDates,
  billingPeriodLastDay,
  billingPeriodName,
  billingPeriodOf,
  billingPeriodStartingIn,
  currentBillingPeriod,
  lastBillingPeriods,
  nextBillingPeriod,
  previousBillingPeriod,
} from "./billing-period.ts";

const at = (iso: string) => new Date(iso);
const iso = (period: BillingPeriod) => ({ from: period.from.toISOString(), to: period.to.toISOString() });
const dates = fc.date({ min: at("1900-01-01T00:00:00Z"), max: at("2200-12-31T23:59:59.999Z"), noInvalidDate: true });

describe("billingPeriodOf", () => {
  it("puts a date before the 27th in the period that started the month before", () => {
    expect(iso(billingPeriodOf(at("2026-11-21T12:00:00Z")))).toEqual({
      from: "2026-10-27T00:00:00.000Z",
      to: "2026-11-27T00:00:00.000Z",
    });
  });

  it("puts the 27th and later in the period that starts that month", () => {
    expect(iso(billingPeriodOf(at("2026-11-27T00:00:00Z")))).toEqual({
      from: "2026-11-27T00:00:00.000Z",
      to: "2026-12-27T00:00:00.000Z",
    });
    expect(iso(billingPeriodOf(at("2026-11-30T23:59:59.999Z"))).from).toBe("2026-11-27T00:00:00.000Z");
  });

  it("splits the 26th 23:59:59.999 and the 27th 00:00 into adjacent periods", () => {
    const before = billingPeriodOf(at("2026-03-26T23:59:59.999Z"));
    const after = billingPeriodOf(at("2026-03-27T00:00:00.000Z"));
    expect(before.from.toISOString()).toBe("2026-02-27T00:00:00.000Z");
    expect(after.from.toISOString()).toBe("2026-03-27T00:00:00.000Z");
    expect(before.to.getTime()).toBe(after.from.getTime());
  });

  it("wraps December into January", () => {
    expect(iso(billingPeriodOf(at("2026-12-28T09:00:00Z")))).toEqual({
      from: "2026-12-27T00:00:00.000Z",
      to: "2027-01-27T00:00:00.000Z",
    });
    expect(iso(billingPeriodOf(at("2027-01-05T09:00:00Z")))).toEqual({
      from: "2026-12-27T00:00:00.000Z",
      to: "2027-01-27T00:00:00.000Z",
    });
  });

  it("wraps January back into December of the year before", () => {
    expect(billingPeriodOf(at("2026-01-26T23:59:59.999Z")).from.toISOString()).toBe("2025-12-27T00:00:00.000Z");
  });

  it("spans February, leap year or not", () => {
    expect(billingPeriodLastDay(billingPeriodOf(at("2024-02-10T00:00:00Z")))).toBe("2024-02-26");
    expect(billingPeriodLastDay(billingPeriodOf(at("2024-02-28T00:00:00Z")))).toBe("2024-03-26");
  });

  it("refuses an Invalid Date", () => {
    expect(() => billingPeriodOf(new Date(Number.NaN))).toThrow(RangeError);
  });

  it("every instant belongs to its period and to no neighbour", () => {
    fc.assert(
      fc.property(dates, (date) => {
        const period = billingPeriodOf(date);
        expect(billingPeriodContains(period, date)).toBe(true);
        expect(billingPeriodContains(previousBillingPeriod(period), date)).toBe(false);
        expect(billingPeriodContains(nextBillingPeriod(period), date)).toBe(false);
        expect(period.from.getUTCDate()).toBe(27);
        expect(period.to.getUTCDate()).toBe(27);
        expect(period.from.getUTCHours() + period.from.getUTCMinutes() + period.from.getUTCMilliseconds()).toBe(0);
      }),
    );
  });

  it("every instant of a period maps back to that same period", () => {
    fc.assert(
      fc.property(dates, fc.nat(), (date, offset) => {
        const period = billingPeriodOf(date);
        const length = period.to.getTime() - period.from.getTime();
        const inside = new Date(period.from.getTime() + (offset % length));
        expect(iso(billingPeriodOf(inside))).toEqual(iso(period));
        expect(iso(billingPeriodOf(new Date(period.to.getTime() - 1)))).toEqual(iso(period));
        expect(iso(billingPeriodOf(period.to))).toEqual(iso(nextBillingPeriod(period)));
      }),
    );
  });

  it("periods are contiguous: each ends where the next starts", () => {
    fc.assert(
      fc.property(dates, (date) => {
        const period = billingPeriodOf(date);
        expect(nextBillingPeriod(period).from.getTime()).toBe(period.to.getTime());
        expect(previousBillingPeriod(period).to.getTime()).toBe(period.from.getTime());
        expect(iso(previousBillingPeriod(nextBillingPeriod(period)))).toEqual(iso(period));
      }),
    );
  });
});

describe("currentBillingPeriod", () => {
  it("is the period of now", () => {
    const now = at("2026-11-21T12:00:00Z");
    expect(iso(currentBillingPeriod(now))).toEqual(iso(billingPeriodOf(now)));
  });

  it("defaults to the clock", () => {
    expect(billingPeriodContains(currentBillingPeriod(), new Date())).toBe(true);
  });
});

describe("lastBillingPeriods", () => {
  it("gives 6 periods by default, newest first, across a year end", () => {
    const periods = lastBillingPeriods(at("2026-02-03T10:00:00Z")).map(billingPeriodDates);
    expect(periods).toEqual([
      { from: "2026-01-27", to: "2026-02-26" },
      { from: "2025-12-27", to: "2026-01-26" },
      { from: "2025-11-27", to: "2025-12-26" },
      { from: "2025-10-27", to: "2025-11-26" },
      { from: "2025-09-27", to: "2025-10-26" },
      { from: "2025-08-27", to: "2025-09-26" },
    ]);
  });

  it("takes a count", () => {
    expect(lastBillingPeriods(at("2026-11-27T00:00:00Z"), 2).map(billingPeriodDates)).toEqual([
      { from: "2026-11-27", to: "2026-12-26" },
      { from: "2026-10-27", to: "2026-11-26" },
    ]);
    expect(lastBillingPeriods(at("2026-11-27T00:00:00Z"), 0)).toEqual([]);
    expect(() => lastBillingPeriods(at("2026-11-27T00:00:00Z"), -1)).toThrow(RangeError);
    expect(() => lastBillingPeriods(at("2026-11-27T00:00:00Z"), 1.5)).toThrow(RangeError);
  });

  it("is a contiguous chain ending with the current period", () => {
    fc.assert(
      fc.property(dates, fc.integer({ min: 1, max: 30 }), (now, count) => {
        const periods = lastBillingPeriods(now, count);
        expect(periods).toHaveLength(count);
        expect(periods[0] && billingPeriodContains(periods[0], now)).toBe(true);
        for (let i = 1; i < periods.length; i++) {
          expect(periods[i]?.to.getTime()).toBe(periods[i - 1]?.from.getTime());
        }
      }),
    );
  });
});

describe("billingPeriodDates / billingPeriodLastDay", () => {
  it("gives the 27th and the inclusive 26th", () => {
    const period = billingPeriodStartingIn(2026, 11);
    expect(billingPeriodDates(period)).toEqual({ from: "2026-12-27", to: "2027-01-26" });
    expect(billingPeriodLastDay(period)).toBe("2027-01-26");
  });

  it("always runs from a 27th to a 26th", () => {
    fc.assert(
      fc.property(dates, (date) => {
        const { from, to } = billingPeriodDates(billingPeriodOf(date));
        expect(from.endsWith("-27")).toBe(true);
        expect(to.endsWith("-26")).toBe(true);
        expect(from < to).toBe(true);
      }),
    );
  });
});

describe("billingPeriodName", () => {
  it("names a period by the month it ends in, in each language", () => {
    const period = billingPeriodStartingIn(2026, 9); // 27 October to 26 November 2026
    expect(billingPeriodName(billingPeriodLastDay(period), "is-IS")).toBe("nóvember 2026");
    expect(billingPeriodName(billingPeriodLastDay(period), "en-US")).toBe("November 2026");
  });

  it("names the period that crosses the new year by January", () => {
    const period = billingPeriodStartingIn(2026, 11);
    expect(billingPeriodName(billingPeriodLastDay(period), "is-IS")).toBe("janúar 2027");
  });

  it("refuses what is not a day", () => {
    expect(() => billingPeriodName("2026-13-01", "en-US")).toThrow(RangeError);
    expect(() => billingPeriodName("nope", "is-IS")).toThrow(RangeError);
  });
});
