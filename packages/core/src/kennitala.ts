import { isoDate, utcDate } from "./calendar.ts";

/**
 * Kennitala, the Icelandic national identity number of people and companies: `DDMMYY-RRCÖ`
 * (decisions.md, "Icelandic formats").
 * - DDMMYY: the birth date of a person; for a company the registration date with 40 added to the day (41-71).
 * - RR: sequence digits. C: check digit. Ö: century, 9 = 1900s, 0 = 2000s, 8 = 1800s.
 * - C = 11 - (sum of digits 1-8 weighted 3,2,7,6,5,4,3,2, mod 11); 11 means 0; 10 means no valid number exists.
 * - Temporary numbers (first digit 8 or 9) carry no checksum and are refused.
 * Written with a dash after the sixth digit; stored as the 10 digits.
 */

export type KennitalaKind = "person" | "company";

/**
 * `empty`: nothing given. `format`: not 10 digits (with an optional dash or space after the sixth).
 * `temporary`: a temporary number (first digit 8 or 9). `checksum`: the check digit does not match.
 * `century`: the last digit is not 9, 0 or 8. `date`: the digits do not form a real date.
 */
export type KennitalaError = "empty" | "format" | "temporary" | "checksum" | "century" | "date";

export type KennitalaResult =
  | { ok: true; value: string; kind: "person" /** `YYYY-MM-DD` */; birthDate: string }
  | { ok: true; value: string; kind: "company" /** `YYYY-MM-DD` */; registeredOn: string }
  | { ok: false; reason: KennitalaError };

export const KENNITALA_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

const CENTURIES: Readonly<Record<string, number>> = { "9": 1900, "0": 2000, "8": 1800 };

const WRITTEN_FORM = /^(\d{6})[-\u2013\s]?(\d{4})$/;

/** The 10 digits of a kennitala written with or without the dash (or a space), or null. */
function digitsOf(text: string): string | null {
  const match = WRITTEN_FORM.exec(text.trim());
  return match ? `${match[1]}${match[2]}` : null;
}

/**
 * The check digit (the ninth) for the first eight digits, or null when the weighted sum leaves remainder 1,
 * for which no valid kennitala exists. Throws a RangeError unless `firstEight` is eight digits.
 */
export function kennitalaCheckDigit(firstEight: string): number | null {
  if (!/^\d{8}$/.test(firstEight)) throw new RangeError("Expected the first eight digits of a kennitala");
  let sum = 0;
  KENNITALA_WEIGHTS.forEach((weight, index) => {
    sum += weight * Number(firstEight.charAt(index));
  });
  const check = 11 - (sum % 11);
  if (check === 11) return 0;
  return check === 10 ? null : check;
}

/** Reads a kennitala written `DDMMYY-RRCÖ` or as 10 digits. */
export function parseKennitala(text: string): KennitalaResult {
  if (text.trim() === "") return { ok: false, reason: "empty" };
  const value = digitsOf(text);
  if (value === null) return { ok: false, reason: "format" };
  const digit = (index: number) => Number(value.charAt(index));
  if (digit(0) >= 8) return { ok: false, reason: "temporary" };
  if (kennitalaCheckDigit(value.slice(0, 8)) !== digit(8)) return { ok: false, reason: "checksum" };
  const century = CENTURIES[value.charAt(9)];
  if (century === undefined) return { ok: false, reason: "century" };

  const kind: KennitalaKind = digit(0) >= 4 ? "company" : "person";
  const day = Number(value.slice(0, 2)) - (kind === "company" ? 40 : 0);
  const month = Number(value.slice(2, 4));
  const year = century + Number(value.slice(4, 6));
  const date = utcDate(year, month - 1, day);
  if (day < 1 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return { ok: false, reason: "date" };

  return kind === "company"
    ? { ok: true, value, kind, registeredOn: isoDate(date) }
    : { ok: true, value, kind, birthDate: isoDate(date) };
}

export function isValidKennitala(text: string): boolean {
  return parseKennitala(text).ok;
}

/**
 * A kennitala as it is written, with a dash after the sixth digit: `0101302989` becomes `010130-2989`.
 * Anything that is not 10 digits (with or without the dash) comes back trimmed but otherwise unchanged,
 * so the formatter can run on half-typed input.
 */
export function formatKennitala(text: string): string {
  const value = digitsOf(text);
  return value === null ? text.trim() : `${value.slice(0, 6)}-${value.slice(6)}`;
}
