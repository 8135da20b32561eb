import { utcDate } from "@kort/core";
import { describe, expect, it } from "vitest";
import { divideHalfUp, proportionOf, toIsk } from "./fx.ts";
import { LIFETIME_START, limitWindowStart } from "./periods.ts";

/** Whether something made at `at` counts toward a `period` limit at `now` (windows are [start, now]). */
const counts = (period: Parameters<typeof limitWindowStart>[0], at: Date, now: Date) =>
  at.getTime() >= limitWindowStart(period, now).getTime() && at.getTime() <= now.getTime();

describe("limit windows", () => {
  it("DAILY is the UTC calendar day", () => {
    const now = utcDate(2026, 4, 15, 0, 0, 0, 0);
    expect(limitWindowStart("DAILY", now)).toEqual(now);
    expect(counts("DAILY", utcDate(2026, 4, 14, 23, 59, 59, 999), now)).toBe(false);
    expect(counts("DAILY", utcDate(2026, 4, 14, 23, 59, 59, 999), utcDate(2026, 4, 14, 23, 59, 59, 999))).toBe(true);
  });

  it("WEEKLY starts on Monday 00:00 UTC", () => {
    // 2026-05-18 is a Monday.
    const monday = utcDate(2026, 4, 18);
    expect(limitWindowStart("WEEKLY", utcDate(2026, 4, 24, 23, 59))).toEqual(monday);
    expect(limitWindowStart("WEEKLY", monday)).toEqual(monday);
    const sundayNight = utcDate(2026, 4, 17, 23, 59, 59, 999);
    expect(counts("WEEKLY", sundayNight, utcDate(2026, 4, 18, 0, 0, 0, 1))).toBe(false);
    expect(counts("WEEKLY", sundayNight, utcDate(2026, 4, 17, 23, 59, 59, 999))).toBe(true);
  });

  it("MONTHLY is the billing period from the 27th", () => {
    expect(limitWindowStart("MONTHLY", utcDate(2026, 4, 26, 23, 59, 59, 999))).toEqual(utcDate(2026, 3, 27));
    expect(limitWindowStart("MONTHLY", utcDate(2026, 4, 27))).toEqual(utcDate(2026, 4, 27));
    expect(limitWindowStart("MONTHLY", utcDate(2026, 0, 3))).toEqual(utcDate(2025, 11, 27));
    expect(counts("MONTHLY", utcDate(2026, 4, 26, 12), utcDate(2026, 4, 27, 0, 0, 0, 1))).toBe(false);
  });

  it("YEARLY is the calendar year", () => {
    expect(limitWindowStart("YEARLY", utcDate(2026, 11, 31, 23, 59))).toEqual(utcDate(2026, 0, 1));
    expect(counts("YEARLY", utcDate(2025, 11, 31, 23, 59, 59, 999), utcDate(2026, 0, 1))).toBe(false);
  });

  it("SLIDING_24H holds the 24 hours before the request, exclusive of the instant 24 hours ago", () => {
    const now = utcDate(2026, 4, 15, 12);
    expect(counts("SLIDING_24H", utcDate(2026, 4, 14, 12, 0, 0, 1), now)).toBe(true);
    expect(counts("SLIDING_24H", utcDate(2026, 4, 14, 12), now)).toBe(false);
  });

  it("NON_RECURRING is the card's lifetime", () => {
    expect(limitWindowStart("NON_RECURRING", utcDate(2030, 0, 1))).toBe(LIFETIME_START);
    expect(counts("NON_RECURRING", utcDate(2001, 0, 1), utcDate(2030, 0, 1))).toBe(true);
  });
});

describe("conversion to ISK", () => {
  it("uses integer rates and rounds half up", () => {
    // USD 12.99 at 138.50: 1799.115 kr.
    expect(toIsk(1299, "USD", 138_500_000)).toBe(1799);
    // EUR 0.01 at 150.00: 1.5 kr. goes up to 2; at 149.99 it is 1.4999, down to 1.
    expect(toIsk(1, "EUR", 150_000_000)).toBe(2);
    expect(toIsk(1, "EUR", 149_990_000)).toBe(1);
    expect(toIsk(5000, "ISK", 1)).toBe(5000);
    expect(toIsk(1000, "JPY", 910_000)).toBe(910);
  });

  it("refuses unknown currencies and negative shares", () => {
    expect(() => toIsk(100, "XXX", 1)).toThrow(RangeError);
    expect(() => divideHalfUp(-1n, 2n)).toThrow(RangeError);
  });

  it("splits a purchase for partial refunds without losing a krona", () => {
    expect(proportionOf(1799, 1299, 1299)).toBe(1799);
    expect(proportionOf(1799, 650, 1299)).toBe(900);
    expect(proportionOf(1001, 1, 2)).toBe(501);
  });
});
