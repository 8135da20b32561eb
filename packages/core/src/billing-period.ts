import { addDaysUtc, assertValidDate, isoDate, utcDate } from "./calendar.ts";
import type { Locale } from "./enums.ts";

/**
 * Billing periods run from the 27th to the 26th, in UTC (spec section 9, decisions.md). A date on or after
 * the 27th belongs to the period that starts that month; a date before it to the period that started on the
 * 27th of the previous month.
 *
 * `from` is the 27th at 00:00:00.000 UTC and `to` is the exclusive end, the next 27th at 00:00:00.000 UTC,
 * so `from <= t < to` holds for every instant `t` of the period and consecutive periods share a boundary.
 * For the inclusive last calendar day (the 26th), shown in the interface and used as `?toDate=`, see
 * `billingPeriodLastDay` and `billingPeriodDates`.
 */
export type BillingPeriod = { readonly from: Date; readonly to: Date };

/** The `YYYY-MM-DD` form of a period: `from` is the 27th, `to` the inclusive last day, the 26th. */
export type BillingPeriodDates = { readonly from: string; readonly to: string };

export const BILLING_PERIOD_START_DAY = 27;

/** The history helper yields this many periods by default (spec section 9). */
export const BILLING_PERIOD_HISTORY_LENGTH = 6;

/** The period that starts on the 27th of the given month (`monthIndex` 0 = January; rolls over like Date.UTC). */
export function billingPeriodStartingIn(year: number, monthIndex: number): BillingPeriod {
  return {
    from: utcDate(year, monthIndex, BILLING_PERIOD_START_DAY),
    to: utcDate(year, monthIndex + 1, BILLING_PERIOD_START_DAY),
  };
}

/** The period `date` falls in. Throws a RangeError for an Invalid Date. */
export function billingPeriodOf(date: Date): BillingPeriod {
  assertValidDate(date);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const startsThisMonth = date.getUTCDate() >= BILLING_PERIOD_START_DAY;
  return billingPeriodStartingIn(year, startsThisMonth ? month : month - 1);
}

/** The period running at `now`. */
export function currentBillingPeriod(now: Date = new Date()): BillingPeriod {
  return billingPeriodOf(now);
}

/** The period just before `period`. */
export function previousBillingPeriod(period: BillingPeriod): BillingPeriod {
  return billingPeriodStartingIn(period.from.getUTCFullYear(), period.from.getUTCMonth() - 1);
}

/** The period just after `period`. */
export function nextBillingPeriod(period: BillingPeriod): BillingPeriod {
  return billingPeriodStartingIn(period.from.getUTCFullYear(), period.from.getUTCMonth() + 1);
}

/** The current period and the `count - 1` before it, newest first. */
export function lastBillingPeriods(now: Date = new Date(), count = BILLING_PERIOD_HISTORY_LENGTH): BillingPeriod[] {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`count must be a whole number, got ${count}`);
  const current = billingPeriodOf(now);
  const year = current.from.getUTCFullYear();
  const month = current.from.getUTCMonth();
  return Array.from({ length: count }, (_, back) => billingPeriodStartingIn(year, month - back));
}

/** Whether `date` lies in `period` (`from` inclusive, `to` exclusive). */
export function billingPeriodContains(period: BillingPeriod, date: Date): boolean {
  const time = date.getTime();
  return period.from.getTime() <= time && time < period.to.getTime();
}

/** The inclusive last calendar day of the period, `YYYY-MM-DD` (the 26th). */
export function billingPeriodLastDay(period: BillingPeriod): string {
  return isoDate(addDaysUtc(period.to, -1));
}

/** The period as `YYYY-MM-DD` days, both inclusive: the 27th and the 26th (the `?fromDate=&toDate=` defaults). */
export function billingPeriodDates(period: BillingPeriod): BillingPeriodDates {
  return { from: isoDate(period.from), to: billingPeriodLastDay(period) };
}

const MONTH_NAMES: Record<Locale, readonly string[]> = {
  "is-IS": [
    "janúar",
    "febrúar",
    "mars",
    "apríl",
    "maí",
    "júní",
    "júlí",
    "ágúst",
    "september",
    "október",
    "nóvember",
    "desember",
  ],
  "en-US": [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
};

/**
 * A period by its month name and year, as invoices name it (spec 2, Invoices page): the month it ends in, which
 * holds 26 of its days, so 27 October to 26 November 2026 is "nóvember 2026" / "November 2026". Icelandic month
 * names are lower case, as Icelandic writes them. `lastDay` is the period's inclusive last day, `YYYY-MM-DD`.
 */
export function billingPeriodName(lastDay: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(lastDay);
  const month = match ? MONTH_NAMES[locale][Number(match[2]) - 1] : undefined;
  if (!match || month === undefined) throw new RangeError(`Not a YYYY-MM-DD day: ${lastDay}`);
  return `${month} ${match[1]}`;
}
