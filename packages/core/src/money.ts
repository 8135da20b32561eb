import type { Locale } from "./enums.ts";

/**
 * Money is an integer count of the currency's minor unit, held in a `number` that must be a safe integer
 * (|n| <= 2^53 - 1; the database keeps bigint). ISK has no minor unit, so 1 kr. = 1; USD 12.99 is 1299.
 * Nothing here uses floats, `parseFloat`, `Intl` or `toLocaleString` (Chromium ships no Icelandic data):
 * formatting and parsing are string work on the integer's digits.
 */

/**
 * ISO 4217 minor-unit exponents of the currencies the product handles. Any other code is refused
 * (a RangeError), since guessing an exponent would misstate an amount a hundredfold; boundaries that
 * receive a currency (the card network, imports) check it with `isCurrencyCode` first.
 */
export const CURRENCY_EXPONENTS = {
  ISK: 0,
  EUR: 2,
  USD: 2,
  GBP: 2,
  DKK: 2,
  SEK: 2,
  NOK: 2,
  CHF: 2,
  PLN: 2,
  CZK: 2,
  HUF: 2,
  CAD: 2,
  AUD: 2,
  NZD: 2,
  CNY: 2,
  HKD: 2,
  SGD: 2,
  THB: 2,
  INR: 2,
  AED: 2,
  TRY: 2,
  ZAR: 2,
  MXN: 2,
  BRL: 2,
  JPY: 0,
  KRW: 0,
  VND: 0,
  CLP: 0,
  BHD: 3,
  JOD: 3,
  KWD: 3,
  OMR: 3,
  TND: 3,
} as const satisfies Record<string, 0 | 2 | 3>;

export type CurrencyCode = keyof typeof CURRENCY_EXPONENTS;

export const DEFAULT_CURRENCY: CurrencyCode = "ISK";

export const CURRENCY_CODES = Object.keys(CURRENCY_EXPONENTS) as CurrencyCode[];

export function isCurrencyCode(value: string): value is CurrencyCode {
  return Object.hasOwn(CURRENCY_EXPONENTS, value);
}

/** The number of minor-unit digits of `currency` (ISK 0, USD 2, KWD 3). Throws a RangeError for an unknown code. */
export function currencyExponent(currency: string): number {
  if (!isCurrencyCode(currency)) throw new RangeError(`Unknown currency ${JSON.stringify(currency)}`);
  return CURRENCY_EXPONENTS[currency];
}

/** Whether `value` is a valid amount: a safe integer count of minor units. */
export function isMoneyAmount(value: unknown): value is number {
  return Number.isSafeInteger(value);
}

export function assertMoneyAmount(value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`An amount must be a safe integer, got ${value}`);
}

/** Inserts `separator` every three digits from the right: `groupDigits("1234567", ".")` is `1.234.567`. */
export function groupDigits(digits: string, separator: string): string {
  let out = "";
  for (let end = digits.length; end > 0; end -= 3) {
    const chunk = digits.slice(Math.max(0, end - 3), end);
    out = out === "" ? chunk : `${chunk}${separator}${out}`;
  }
  return out;
}

type SplitAmount = { negative: boolean; whole: string; fraction: string };

/** Sign, whole digits and minor-unit digits of an amount, by string work on its decimal digits. */
function splitAmount(amount: number, exponent: number): SplitAmount {
  assertMoneyAmount(amount);
  // A safe integer prints as plain digits (exponent notation starts at 1e21); -0 prints as "0".
  const digits = String(Math.abs(amount)).padStart(exponent + 1, "0");
  const cut = digits.length - exponent;
  return { negative: amount < 0, whole: digits.slice(0, cut), fraction: digits.slice(cut) };
}

/**
 * The amount in the currency's major unit with a `.` decimal point and no grouping, as accounting files and
 * UBL want it: 1299 USD is `12.99`, -5 ISK is `-5`.
 */
export function toDecimalString(amount: number, currency: string = DEFAULT_CURRENCY): string {
  const { negative, whole, fraction } = splitAmount(amount, currencyExponent(currency));
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

export type DecimalAmountError = "format" | "too_many_decimals" | "out_of_range";
export type DecimalAmountResult = { ok: true; value: number } | { ok: false; reason: DecimalAmountError };

const DECIMAL_AMOUNT = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * The inverse of `toDecimalString` for machine-written amounts (`12.99`, `-5`, `12.5`): minor units, without floats.
 * More decimals than the currency has is an error, never a rounding.
 */
export function parseDecimalAmount(text: string, currency: string = DEFAULT_CURRENCY): DecimalAmountResult {
  const exponent = currencyExponent(currency);
  const match = DECIMAL_AMOUNT.exec(text.trim());
  if (!match) return { ok: false, reason: "format" };
  const [, sign = "", whole = "", fraction = ""] = match;
  if (fraction.length > exponent) return { ok: false, reason: "too_many_decimals" };
  const digits = `${whole}${fraction.padEnd(exponent, "0")}`.replace(/^0+(?=\d)/, "");
  // Beyond 16 digits a number cannot be a safe integer; within, Number() of plain digits is exact.
  const value = digits.length > 16 ? Number.POSITIVE_INFINITY : Number(digits);
  if (!Number.isSafeInteger(value)) return { ok: false, reason: "out_of_range" };
  return { ok: true, value: sign === "-" && value !== 0 ? -value : value };
}

export type FormatMoneyOptions = { locale: Locale; currency?: string };

type Separators = { group: string; decimal: string };

const SEPARATORS: Record<Locale, Separators> = {
  "is-IS": { group: ".", decimal: "," },
  "en-US": { group: ",", decimal: "." },
};

/** The figures only, grouped for the locale, sign included: `1.234.567`, `-12,99`, `1,234.56`. */
export function formatMoneyNumber(amount: number, { locale, currency = DEFAULT_CURRENCY }: FormatMoneyOptions): string {
  const { negative, whole, fraction } = splitAmount(amount, currencyExponent(currency));
  const { group, decimal } = SEPARATORS[locale];
  return `${negative ? "-" : ""}${groupDigits(whole, group)}${fraction ? `${decimal}${fraction}` : ""}`;
}

/**
 * An amount for display, the same in both languages (spec 1: ISK with dot grouping and the suffix kr; issue 10:
 * one way to show money, so a table and an amount input never disagree):
 * - ISK: `1.234.567 kr.`, negative `-1.234 kr.`.
 * - Other currencies: figures with their exponent in the Icelandic form, then the code: `12,99 USD`,
 *   `-1.000,00 EUR`. DKK, SEK and NOK are kroner too, so they always show the code, never "kr.".
 * Separators are plain ASCII. `locale` is kept for the day a currency needs it. Throws a RangeError only for a
 * non-safe-integer amount or an unknown currency.
 */
export function formatMoney(amount: number, options: FormatMoneyOptions): string {
  const currency = options.currency ?? DEFAULT_CURRENCY;
  const figures = formatMoneyNumber(amount, { locale: "is-IS", currency });
  return `${figures} ${currency === "ISK" ? "kr." : currency}`;
}

/** The amount input of spec sections 5 and 9: at most 12 digits. */
export const AMOUNT_INPUT_MAX_DIGITS = 12;

/** The amount input's arrow-key step (spec section 9). */
export const AMOUNT_INPUT_STEP = 10;

/**
 * Why an amount input was refused; the interface translates each.
 * `empty`: nothing typed. `negative`: a leading minus. `decimal`: a comma (the decimal separator; amounts are
 * whole kronur). `abbreviation`: `10k`, `2m`, `1b`. `invalid_character`: anything else that is not a digit or
 * a dot. `too_long`: more than 12 digits.
 */
export type AmountInputError = "empty" | "negative" | "decimal" | "abbreviation" | "invalid_character" | "too_long";
export type AmountInputResult = { ok: true; value: number } | { ok: false; reason: AmountInputError };

/**
 * Reads the card amount input (spec section 5): digits, with `.` as the group separator, no decimals, no
 * negatives, at most 12 digits, no abbreviations. Surrounding whitespace is ignored. Dots are display-only and
 * are ignored wherever they stand (`1.24.567` reads as 124567 and redisplays as `124.567`), so editing a
 * formatted value in the middle never makes it unreadable; `formatAmountInput` restores the grouping.
 * A dot cannot be mistaken for a decimal point, as no amount has decimals.
 */
export function parseAmountInput(text: string): AmountInputResult {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, reason: "empty" };
  if (/^[-\u2212]/.test(trimmed)) return { ok: false, reason: "negative" };
  if (/^[\d.,]*\d\s*[kmb]$/i.test(trimmed)) return { ok: false, reason: "abbreviation" };
  if (/^[\d.,]+$/.test(trimmed) && trimmed.includes(",")) return { ok: false, reason: "decimal" };
  if (!/^[\d.]+$/.test(trimmed)) return { ok: false, reason: "invalid_character" };
  const digits = trimmed.replaceAll(".", "");
  if (digits === "") return { ok: false, reason: "invalid_character" };
  if (digits.length > AMOUNT_INPUT_MAX_DIGITS) return { ok: false, reason: "too_long" };
  // At most 12 plain digits: Number() is exact, and the value is a safe integer.
  return { ok: true, value: Number(digits) };
}

/** An amount as the input displays it: digits grouped by dots, `100000` as `100.000`. */
export function formatAmountInput(value: number): string {
  const { negative, whole } = splitAmount(value, 0);
  return `${negative ? "-" : ""}${groupDigits(whole, ".")}`;
}
