import { type BillingPeriod, billingPeriodDates, type SpendingDimension } from "@kort/core";
import { PATHS } from "../../app/router/paths.ts";
import { VIEW_PARAMS } from "../expenses/ledger-view.ts";

/**
 * Where a row of the Overview leads: /expenses for the same period, filtered to the row (spec 2's /expenses URL
 * filters): its team, cardholder or category by id, its merchant by search. A row without a team shows the
 * period unfiltered (the ledger has no "no team" filter); one without a category shows the MissingCategory rows.
 */
export const expensesLinkFor = (dimension: SpendingDimension, key: string | null, period: BillingPeriod): string => {
  const dates = billingPeriodDates(period);
  const params = new URLSearchParams({ [VIEW_PARAMS.fromDate]: dates.from, [VIEW_PARAMS.toDate]: dates.to });
  if (dimension === "TEAM" && key !== null) params.set(VIEW_PARAMS.team, key);
  if (dimension === "USER" && key !== null) params.set(VIEW_PARAMS.holder, key);
  if (dimension === "CATEGORY") {
    if (key === null) params.set(VIEW_PARAMS.todo, "MissingCategory");
    else params.set(VIEW_PARAMS.category, key);
  }
  if (dimension === "MERCHANT" && key !== null) params.set(VIEW_PARAMS.search, key);
  return `${PATHS.expenses}?${params.toString()}`;
};

/** How much of the credit limit is used and reserved, as percentages of the bar (0 to 100 together). */
export const usageShares = (balance: {
  creditLimit: number;
  used: number;
  reserved: number;
  deposited: number;
}): { used: number; reserved: number } => {
  const room = balance.creditLimit + balance.deposited;
  if (room <= 0) return { used: balance.used > 0 ? 100 : 0, reserved: 0 };
  const used = Math.min(100, Math.max(0, (balance.used / room) * 100));
  const reserved = Math.min(100 - used, Math.max(0, (balance.reserved / room) * 100));
  return { used, reserved };
};

/** An ISK amount the server sent as decimal text; 0 for anything else (never a float parse). */
export const iskOf = (text: string | null | undefined): number => {
  if (text === null || text === undefined || !/^-?\d{1,16}$/.test(text)) return 0;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : 0;
};
