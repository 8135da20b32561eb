import { billingPeriodStartingIn } from "@kort/core";
import { describe, expect, it } from "vitest";
import { expensesLinkFor, iskOf, usageShares } from "./overview-links.ts";

const period = billingPeriodStartingIn(2026, 9); // 27.10.2026 to 26.11.2026
const params = (link: string) => Object.fromEntries(new URL(link, "http://x").searchParams);

describe("an overview row's link to the expenses", () => {
  it("filters the period to the row", () => {
    const id = "0b8f9a52-4f0e-4c55-9f57-63f2bd3a8c01";
    expect(expensesLinkFor("TEAM", id, period)).toMatch(/^\/expenses\?/);
    expect(params(expensesLinkFor("TEAM", id, period))).toEqual({
      fromDate: "2026-10-27",
      toDate: "2026-11-26",
      team: id,
    });
    expect(params(expensesLinkFor("USER", id, period))).toMatchObject({ holder: id });
    expect(params(expensesLinkFor("CATEGORY", id, period))).toMatchObject({ category: id });
    expect(params(expensesLinkFor("MERCHANT", "Bónus & co", period))).toMatchObject({ q: "Bónus & co" });
  });

  it("shows rows without a category as the missing-category list, and rows without a team unfiltered", () => {
    expect(params(expensesLinkFor("CATEGORY", null, period))).toMatchObject({ todo: "MissingCategory" });
    expect(params(expensesLinkFor("TEAM", null, period))).toEqual({ fromDate: "2026-10-27", toDate: "2026-11-26" });
  });
});

describe("the usage bar", () => {
  it("splits the limit and this period's deposits into used and reserved", () => {
    expect(usageShares({ creditLimit: 1000, used: 250, reserved: 250, deposited: 0 })).toEqual({
      used: 25,
      reserved: 25,
    });
    expect(usageShares({ creditLimit: 500, used: 250, reserved: 0, deposited: 500 })).toEqual({
      used: 25,
      reserved: 0,
    });
  });
  it("never goes past the end, overdrawn or without a limit", () => {
    expect(usageShares({ creditLimit: 1000, used: 900, reserved: 500, deposited: 0 })).toEqual({
      used: 90,
      reserved: 10,
    });
    expect(usageShares({ creditLimit: 1000, used: 5000, reserved: 0, deposited: 0 })).toEqual({
      used: 100,
      reserved: 0,
    });
    expect(usageShares({ creditLimit: 0, used: 0, reserved: 0, deposited: 0 })).toEqual({ used: 0, reserved: 0 });
  });
});

describe("amounts as the server sends them", () => {
  it("reads whole kronur and nothing else", () => {
    expect(iskOf("1234567")).toBe(1_234_567);
    expect(iskOf("-500")).toBe(-500);
    expect(iskOf("12.5")).toBe(0);
    expect(iskOf("1e6")).toBe(0);
    expect(iskOf(null)).toBe(0);
  });
});
