import {
  billingPeriodOf,
  type LimitPeriod,
  MS_PER_DAY,
  startOfDayUtc,
  startOfWeekUtc,
  startOfYearUtc,
} from "@kort/core";

/** The lifetime of a card (NON_RECURRING): every authorization it ever had counts. */
export const LIFETIME_START = new Date(0);

/**
 * The first instant that counts toward a limit of `period` at `now` (the window ends at `now`). All in UTC:
 * DAILY the calendar day, WEEKLY from Monday 00:00, MONTHLY the billing period from the 27th, YEARLY from
 * 1 January, NON_RECURRING the card's whole life, SLIDING_24H the 24 hours before the request: something made
 * exactly 24 hours earlier has left the window (hence the extra millisecond).
 */
export const limitWindowStart = (period: LimitPeriod, now: Date): Date => {
  switch (period) {
    case "DAILY":
      return startOfDayUtc(now);
    case "WEEKLY":
      return startOfWeekUtc(now);
    case "MONTHLY":
      return billingPeriodOf(now).from;
    case "YEARLY":
      return startOfYearUtc(now);
    case "NON_RECURRING":
      return LIFETIME_START;
    case "SLIDING_24H":
      return new Date(now.getTime() - MS_PER_DAY + 1);
  }
};

/** The windows of a team's limit control: the day, the Monday week and the billing period. */
export const teamWindows = (now: Date) => ({
  daily: limitWindowStart("DAILY", now),
  weekly: limitWindowStart("WEEKLY", now),
  monthly: limitWindowStart("MONTHLY", now),
});
