import { currencyExponent, isCurrencyCode } from "@kort/core";
import type { ReadAmount } from "./matcher.ts";

/**
 * Amounts and dates as Icelandic receipts and e-mails write them: `4.590 kr.`, `kr. 4.590`, `4590 ISK`,
 * `USD 12.99`, `€9,99`, `21.11.2026`, `2026-11-21`, `21. nóvember 2026`, `Nov 21, 2026`. Integers only: the text
 * is read digit by digit into minor units, never through a float.
 */

const SYMBOLS: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP" };

/** `1.234.567`, `1234`, `12.99`, `12,99`, `1,299.00` as minor units of a currency with `exponent` decimals. */
export const minorUnits = (text: string, exponent: number): number | null => {
  const cleaned = text.replace(/\s/g, "");
  const lastSeparator = Math.max(cleaned.lastIndexOf("."), cleaned.lastIndexOf(","));
  const decimals = lastSeparator >= 0 ? cleaned.slice(lastSeparator + 1) : "";
  // A separator followed by exactly three digits groups thousands (4.590); by one or two it starts decimals.
  const hasDecimals = lastSeparator >= 0 && decimals.length > 0 && decimals.length <= 2;
  const whole = (hasDecimals ? cleaned.slice(0, lastSeparator) : cleaned).replace(/[.,]/g, "");
  if (!/^\d{1,12}$/.test(whole)) return null;
  const fraction = hasDecimals ? decimals.padEnd(2, "0") : "";
  if (exponent === 0) {
    // ISK has no minor unit: 4.590,00 is 4590; 4.590,50 is not an amount a card charges.
    if (fraction !== "" && Number.parseInt(fraction, 10) !== 0) return null;
    return Number.parseInt(whole, 10);
  }
  const minor = `${whole}${(fraction || "").padEnd(exponent, "0").slice(0, exponent)}`;
  return Number.parseInt(minor, 10);
};

const NUMBER = String.raw`\d{1,3}(?:[.,\s]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const ISK_AFTER = new RegExp(String.raw`(${NUMBER})\s*(?:kr\.?|ISK)(?![a-z])`, "giu");
const ISK_BEFORE = new RegExp(String.raw`(?:kr\.?|ISK)\s*(${NUMBER})`, "giu");
const CODE_BEFORE = new RegExp(String.raw`(?<![A-Za-z])([A-Z]{3}|[$€£])\s?(${NUMBER})`, "gu");
const CODE_AFTER = new RegExp(String.raw`(${NUMBER})\s?([A-Z]{3}|[$€£])(?![A-Za-z])`, "gu");

const push = (found: ReadAmount[], amount: number | null, currency: string): void => {
  if (amount === null || amount <= 0) return;
  if (!found.some((read) => read.amount === amount && read.currency === currency)) found.push({ amount, currency });
};

/** Every amount the text states, each once. */
export const readAmounts = (text: string): ReadAmount[] => {
  const found: ReadAmount[] = [];
  for (const match of text.matchAll(ISK_AFTER)) push(found, minorUnits(match[1] ?? "", 0), "ISK");
  for (const match of text.matchAll(ISK_BEFORE)) push(found, minorUnits(match[1] ?? "", 0), "ISK");
  for (const [pattern, codeAt, numberAt] of [
    [CODE_BEFORE, 1, 2],
    [CODE_AFTER, 2, 1],
  ] as const) {
    for (const match of text.matchAll(pattern)) {
      const raw = match[codeAt] ?? "";
      const code = SYMBOLS[raw] ?? raw;
      if (code === "ISK" || !isCurrencyCode(code)) continue;
      push(found, minorUnits(match[numberAt] ?? "", currencyExponent(code)), code);
    }
  }
  return found;
};

const MONTHS: Record<string, number> = {
  jan: 1,
  janúar: 1,
  january: 1,
  feb: 2,
  febrúar: 2,
  february: 2,
  mar: 3,
  mars: 3,
  march: 3,
  apr: 4,
  apríl: 4,
  april: 4,
  maí: 5,
  may: 5,
  jún: 6,
  júní: 6,
  jun: 6,
  june: 6,
  júl: 7,
  júlí: 7,
  jul: 7,
  july: 7,
  ágú: 8,
  ágúst: 8,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  okt: 10,
  október: 10,
  oct: 10,
  october: 10,
  nóv: 11,
  nóvember: 11,
  nov: 11,
  november: 11,
  des: 12,
  desember: 12,
  dec: 12,
  december: 12,
};

const utcDay = (year: number, month: number, day: number): Date | null => {
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 2000 && year <= 2100 ? date : null;
};

const DAY_MONTH_YEAR = /\b(\d{1,2})[./](\d{1,2})[./](\d{4})\b/g;
const ISO = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const DAY_NAME_YEAR = /\b(\d{1,2})\.?\s+([a-záéíóúýþæöð]{3,9})\.?\s+(\d{4})\b/giu;
const NAME_DAY_YEAR = /\b([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b/gi;

/** Every calendar day the text states (as 00:00 UTC), each once. Day before month, as in Iceland and Europe. */
export const readDates = (text: string): Date[] => {
  const found = new Map<number, Date>();
  const add = (date: Date | null) => {
    if (date) found.set(date.getTime(), date);
  };
  for (const [, d, m, y] of text.matchAll(DAY_MONTH_YEAR)) add(utcDay(Number(y), Number(m), Number(d)));
  for (const [, y, m, d] of text.matchAll(ISO)) add(utcDay(Number(y), Number(m), Number(d)));
  for (const [, d, name, y] of text.matchAll(DAY_NAME_YEAR)) {
    const month = MONTHS[(name ?? "").toLowerCase()];
    if (month) add(utcDay(Number(y), month, Number(d)));
  }
  for (const [, name, d, y] of text.matchAll(NAME_DAY_YEAR)) {
    const month = MONTHS[(name ?? "").toLowerCase()];
    if (month) add(utcDay(Number(y), month, Number(d)));
  }
  return [...found.values()];
};
