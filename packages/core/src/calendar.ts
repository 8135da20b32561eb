import type { Locale } from "./enums.ts";

/**
 * Calendar arithmetic in UTC. Iceland is on UTC all year, so the product's days, Monday weeks, months
 * and years are UTC ones, whatever the time zone of the browser or server (decisions.md). Nothing here
 * reads the runtime's locale data: Chromium ships no Icelandic data, and some ICU builds start the
 * Icelandic week on Sunday.
 */

export const MS_PER_DAY = 86_400_000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Throws a RangeError for an Invalid Date, so a bad value fails where it enters instead of printing NaN. */
export function assertValidDate(date: Date): void {
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid Date");
}

/**
 * A UTC instant from calendar parts. Unlike `Date.UTC`, years 0 to 99 are taken literally (not as 19xx).
 * Out-of-range months and days roll over as in `Date.UTC` (month 12 is January of the next year).
 */
export function utcDate(
  year: number,
  monthIndex: number,
  day: number,
  hours = 0,
  minutes = 0,
  seconds = 0,
  ms = 0,
): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  date.setUTCHours(hours, minutes, seconds, ms);
  return date;
}

/** 00:00:00.000 UTC of the day `date` falls in. */
export function startOfDayUtc(date: Date): Date {
  assertValidDate(date);
  return utcDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** Monday 00:00:00.000 UTC of the week `date` falls in (Icelandic weeks start on Monday). */
export function startOfWeekUtc(date: Date): Date {
  const day = startOfDayUtc(date);
  const daysSinceMonday = (day.getUTCDay() + 6) % 7;
  return utcDate(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - daysSinceMonday);
}

/** The 1st of the month, 00:00:00.000 UTC. */
export function startOfMonthUtc(date: Date): Date {
  assertValidDate(date);
  return utcDate(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** 1 January, 00:00:00.000 UTC. */
export function startOfYearUtc(date: Date): Date {
  assertValidDate(date);
  return utcDate(date.getUTCFullYear(), 0, 1);
}

/** The same time of day `days` calendar days later (UTC has no daylight saving, so this is days x 24 h). */
export function addDaysUtc(date: Date, days: number): Date {
  assertValidDate(date);
  if (!Number.isSafeInteger(days)) throw new RangeError(`days must be an integer, got ${days}`);
  return new Date(date.getTime() + days * MS_PER_DAY);
}

/**
 * A strict `YYYY-MM-DD` calendar date as its UTC midnight, or null when the text is not one
 * (`2026-02-30`, `2026-2-3`, `2026-02-03T00:00` are all null).
 */
export function parseIsoDate(text: string): Date | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const date = utcDate(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

/** Whether `text` is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(text: string): boolean {
  return parseIsoDate(text) !== null;
}

/**
 * The instant a card chosen to close on `isoDay` (`YYYY-MM-DD`) closes: that day at 23:59:59.999 UTC
 * (spec sections 5 and 9). Throws a RangeError when `isoDay` is not a real `YYYY-MM-DD` date.
 */
export function willCloseAtFromDate(isoDay: string): Date {
  const day = parseIsoDate(isoDay);
  if (!day) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(isoDay)}`);
  return utcDate(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 23, 59, 59, 999);
}

const pad = (value: number, width: number) => String(value).padStart(width, "0");

type DateParts = { year: string; month: string; day: string };

function dateParts(date: Date): DateParts {
  assertValidDate(date);
  const year = date.getUTCFullYear();
  if (year < 0 || year > 9999) throw new RangeError(`Year ${year} is outside 0000-9999`);
  return { year: pad(year, 4), month: pad(date.getUTCMonth() + 1, 2), day: pad(date.getUTCDate(), 2) };
}

/** The UTC calendar day of `date` as `YYYY-MM-DD`. */
export function isoDate(date: Date): string {
  const { year, month, day } = dateParts(date);
  return `${year}-${month}-${day}`;
}

const ENGLISH_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * The UTC calendar day of `date` for display: `21.11.2026` in Icelandic (two-digit day and month, so dates line up
 * in tables: the form Icelandic banks and accounting systems print), `21 Nov 2026` in English. English never uses
 * `11/10/2026`, which an Icelander reads as the 11th of October and an American as the 10th of November.
 */
export function formatDate(date: Date, locale: Locale): string {
  const { year, month, day } = dateParts(date);
  if (locale === "is-IS") return `${day}.${month}.${year}`;
  return `${Number(day)} ${ENGLISH_MONTHS[Number(month) - 1]} ${year}`;
}
