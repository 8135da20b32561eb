import { billingPeriodDates } from "@kort/core";
import { describe, expect, it } from "vitest";
import { periodEndedBefore } from "./invoices.service.ts";

/** Which period the period-end job invoices: the one that ended last, whenever in the next period it runs. */

describe("periodEndedBefore", () => {
  it("is the period ending on the 26th when the job runs just after midnight on the 27th", () => {
    expect(billingPeriodDates(periodEndedBefore(new Date("2026-11-27T00:05:00Z")))).toEqual({
      from: "2026-10-27",
      to: "2026-11-26",
    });
  });

  it("is still that period later in the month, and crosses the new year", () => {
    expect(billingPeriodDates(periodEndedBefore(new Date("2026-12-26T23:59:59Z")))).toEqual({
      from: "2026-10-27",
      to: "2026-11-26",
    });
    expect(billingPeriodDates(periodEndedBefore(new Date("2027-01-27T00:05:00Z")))).toEqual({
      from: "2026-12-27",
      to: "2027-01-26",
    });
  });

  it("is not the running period on the 26th itself", () => {
    expect(billingPeriodDates(periodEndedBefore(new Date("2026-11-26T23:00:00Z"))).to).toBe("2026-10-26");
  });
});
