import { isoDate, parseIsoDate, utcDate } from "@kort/core";

/** The first three letters of each month in English and Icelandic, lower case, January first. */
const MONTH_PREFIXES: readonly (readonly string[])[] = [
  ["jan"],
  ["feb"],
  ["mar"],
  ["apr"],
  ["may", "maí"],
  ["jun", "jún"],
  ["jul", "júl"],
  ["aug", "ágú"],
  ["sep"],
  ["oct", "okt"],
  ["nov", "nóv"],
  ["dec", "des"],
];

const monthOf = (name: string): number | null => {
  const prefix = name.toLowerCase().slice(0, 3);
  const index = MONTH_PREFIXES.findIndex((names) => names.includes(prefix));
  return index === -1 ? null : index + 1;
};

/** A real calendar day, as `YYYY-MM-DD`, or null (31.02.2026 is null). */
const dayOf = (year: number, month: number, day: number): string | null => {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = utcDate(year, month - 1, day);
  return date.getUTCMonth() === month - 1 ? isoDate(date) : null;
};

/**
 * A day typed in a date field, as `YYYY-MM-DD`, or null when it is not one. Takes the forms the field shows
 * (`09.10.2026`, `9 Oct 2026`), their short and long variants (`9.10.2026`, `9. október 2026`, `9 October 2026`) and
 * `2026-10-09`. Never reads `10/09/2026`, which an Icelander and an American read as different days.
 */
export const parseDayText = (text: string): string | null => {
  const trimmed = text.trim();
  if (parseIsoDate(trimmed)) return trimmed;
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(trimmed);
  if (dotted) return dayOf(Number(dotted[3]), Number(dotted[2]), Number(dotted[1]));
  const named = /^(\d{1,2})\.?\s+(\p{L}+)\.?,?\s+(\d{4})$/u.exec(trimmed);
  if (named) {
    const month = monthOf(named[2] ?? "");
    return month === null ? null : dayOf(Number(named[3]), month, Number(named[1]));
  }
  return null;
};
