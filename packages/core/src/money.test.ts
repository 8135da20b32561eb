import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Locale } from "./enums.ts";
import {
  AMOUNT_INPUT_MAX_DIGITS,
  CURRENCY_CODES,
  currencyExponent,
  formatAmountInput,
  formatMoney,
  formatMoneyNumber,
  groupDigits,
  isCurrencyCode,
  isMoneyAmount,
  parseAmountInput,
  parseDecimalAmount,
  toDecimalString,
} from "./money.ts";

const safeIntegers = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
const inputAmounts = fc.integer({ min: 0, max: 10 ** AMOUNT_INPUT_MAX_DIGITS - 1 });
const locales = fc.constantFrom<Locale>("is-IS", "en-US");
const currencies = fc.constantFrom(...CURRENCY_CODES);

describe("currencies", () => {
  it("knows the exponents", () => {
    expect(currencyExponent("ISK")).toBe(0);
    for (const code of ["EUR", "USD", "GBP", "DKK", "SEK", "NOK"]) expect(currencyExponent(code)).toBe(2);
    expect(currencyExponent("JPY")).toBe(0);
    expect(currencyExponent("KWD")).toBe(3);
  });

  it("refuses unknown codes instead of guessing", () => {
    expect(isCurrencyCode("XYZ")).toBe(false);
    expect(isCurrencyCode("toString")).toBe(false);
    expect(() => currencyExponent("isk")).toThrow(RangeError);
    expect(() => formatMoney(100, { locale: "is-IS", currency: "XYZ" })).toThrow(RangeError);
  });
});

describe("isMoneyAmount", () => {
  it("accepts safe integers only", () => {
    expect(isMoneyAmount(0)).toBe(true);
    expect(isMoneyAmount(-1234)).toBe(true);
    expect(isMoneyAmount(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(isMoneyAmount(Number.MAX_SAFE_INTEGER + 1)).toBe(false);
    expect(isMoneyAmount(12.5)).toBe(false);
    expect(isMoneyAmount(Number.NaN)).toBe(false);
    expect(isMoneyAmount("100")).toBe(false);
  });
});

describe("groupDigits", () => {
  it.each([
    ["", ""],
    ["1", "1"],
    ["123", "123"],
    ["1234", "1.234"],
    ["123456", "123.456"],
    ["1234567", "1.234.567"],
  ])("groups %j as %j", (digits, grouped) => {
    expect(groupDigits(digits, ".")).toBe(grouped);
  });
});

describe("formatMoney in Icelandic", () => {
  it.each([
    [0, "0 kr."],
    [5, "5 kr."],
    [999, "999 kr."],
    [1000, "1.000 kr."],
    [100000, "100.000 kr."],
    [1234567, "1.234.567 kr."],
    [-1234, "-1.234 kr."],
    [-0, "0 kr."],
    [Number.MAX_SAFE_INTEGER, "9.007.199.254.740.991 kr."],
    [Number.MIN_SAFE_INTEGER, "-9.007.199.254.740.991 kr."],
  ])("formats %d ISK as %j", (amount, text) => {
    expect(formatMoney(amount, { locale: "is-IS" })).toBe(text);
    expect(formatMoney(amount, { locale: "is-IS", currency: "ISK" })).toBe(text);
  });

  it("shows other currencies with their exponent and code", () => {
    expect(formatMoney(1299, { locale: "is-IS", currency: "USD" })).toBe("12,99 USD");
    expect(formatMoney(5, { locale: "is-IS", currency: "EUR" })).toBe("0,05 EUR");
    expect(formatMoney(-100000, { locale: "is-IS", currency: "EUR" })).toBe("-1.000,00 EUR");
    expect(formatMoney(123456789, { locale: "is-IS", currency: "DKK" })).toBe("1.234.567,89 DKK");
    expect(formatMoney(1500, { locale: "is-IS", currency: "JPY" })).toBe("1.500 JPY");
    expect(formatMoney(1234567, { locale: "is-IS", currency: "KWD" })).toBe("1.234,567 KWD");
  });
});

describe("formatMoney in English", () => {
  it.each([
    [0, "0 kr."],
    [1234567, "1.234.567 kr."],
    [-1234, "-1.234 kr."],
  ])("formats %d ISK as %j, as in Icelandic", (amount, text) => {
    expect(formatMoney(amount, { locale: "en-US" })).toBe(text);
  });

  it("shows other currencies as in Icelandic, with their exponent and code", () => {
    expect(formatMoney(1299, { locale: "en-US", currency: "USD" })).toBe("12,99 USD");
    expect(formatMoney(-1299, { locale: "en-US", currency: "GBP" })).toBe("-12,99 GBP");
    expect(formatMoney(123456789, { locale: "en-US", currency: "EUR" })).toBe("1.234.567,89 EUR");
  });
});

describe("formatMoney properties", () => {
  it("never throws on a safe integer and keeps every digit", () => {
    fc.assert(
      fc.property(safeIntegers, locales, currencies, (amount, locale, currency) => {
        const text = formatMoney(amount, { locale, currency });
        expect(text.replace(/\D/g, "").replace(/^0+(?=\d)/, "")).toBe(String(Math.abs(amount)));
        expect(text.startsWith("-")).toBe(amount < 0);
      }),
    );
  });

  it("groups every 3 digits of the whole part", () => {
    fc.assert(
      fc.property(safeIntegers, locales, currencies, (amount, locale, currency) => {
        const figures = formatMoneyNumber(amount, { locale, currency }).replace(/^-/, "");
        const [group, decimal] = locale === "is-IS" ? [".", ","] : [",", "."];
        const [whole = "", fraction] = figures.split(decimal);
        expect(whole.split(group).every((chunk, i) => (i === 0 ? /^\d{1,3}$/ : /^\d{3}$/).test(chunk))).toBe(true);
        expect((fraction ?? "").length).toBe(currencyExponent(currency));
      }),
    );
  });

  it("agrees with toDecimalString once the separators are undone", () => {
    fc.assert(
      fc.property(safeIntegers, currencies, (amount, currency) => {
        const english = formatMoneyNumber(amount, { locale: "en-US", currency }).replaceAll(",", "");
        const icelandic = formatMoneyNumber(amount, { locale: "is-IS", currency })
          .replaceAll(".", "")
          .replace(",", ".");
        expect(english).toBe(toDecimalString(amount, currency));
        expect(icelandic).toBe(toDecimalString(amount, currency));
      }),
    );
  });

  it("refuses amounts that are not safe integers", () => {
    for (const amount of [12.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => formatMoney(amount, { locale: "is-IS" })).toThrow(RangeError);
    }
  });
});

describe("toDecimalString / parseDecimalAmount", () => {
  it("writes machine amounts", () => {
    expect(toDecimalString(1299, "USD")).toBe("12.99");
    expect(toDecimalString(-5, "USD")).toBe("-0.05");
    expect(toDecimalString(1234567)).toBe("1234567");
    expect(toDecimalString(1, "KWD")).toBe("0.001");
  });

  it("reads machine amounts without floats", () => {
    expect(parseDecimalAmount("12.99", "USD")).toEqual({ ok: true, value: 1299 });
    expect(parseDecimalAmount("12.5", "USD")).toEqual({ ok: true, value: 1250 });
    expect(parseDecimalAmount("12", "USD")).toEqual({ ok: true, value: 1200 });
    expect(parseDecimalAmount("-0.05", "USD")).toEqual({ ok: true, value: -5 });
    expect(parseDecimalAmount("-0", "ISK")).toEqual({ ok: true, value: 0 });
    expect(parseDecimalAmount("0.1", "USD")).toEqual({ ok: true, value: 10 });
    expect(parseDecimalAmount("1234567")).toEqual({ ok: true, value: 1234567 });
  });

  it("refuses what it cannot read exactly", () => {
    expect(parseDecimalAmount("12.999", "USD")).toEqual({ ok: false, reason: "too_many_decimals" });
    expect(parseDecimalAmount("12.5", "ISK")).toEqual({ ok: false, reason: "too_many_decimals" });
    expect(parseDecimalAmount("1e3", "ISK")).toEqual({ ok: false, reason: "format" });
    expect(parseDecimalAmount("12,99", "USD")).toEqual({ ok: false, reason: "format" });
    expect(parseDecimalAmount("", "USD")).toEqual({ ok: false, reason: "format" });
    expect(parseDecimalAmount(".5", "USD")).toEqual({ ok: false, reason: "format" });
    expect(parseDecimalAmount("9007199254740992")).toEqual({ ok: false, reason: "out_of_range" });
    expect(parseDecimalAmount("90071992547409.92", "USD")).toEqual({ ok: false, reason: "out_of_range" });
    expect(parseDecimalAmount("0000000000000000000001")).toEqual({ ok: true, value: 1 });
  });

  it("round-trips every safe integer in every currency", () => {
    fc.assert(
      fc.property(safeIntegers, currencies, (amount, currency) => {
        expect(parseDecimalAmount(toDecimalString(amount, currency), currency)).toEqual({
          ok: true,
          value: amount === 0 ? 0 : amount,
        });
      }),
    );
  });
});

describe("parseAmountInput", () => {
  it.each([
    ["100000", 100000],
    ["100.000", 100000],
    ["1.234.567", 1234567],
    ["  5000 ", 5000],
    ["0", 0],
    ["007", 7],
    ["999.999.999.999", 999999999999],
    ["1.24.567", 124567],
  ])("reads %j as %d", (text, value) => {
    expect(parseAmountInput(text)).toEqual({ ok: true, value });
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["-100", "negative"],
    ["\u2212100", "negative"],
    ["-1,5", "negative"],
    ["1,5", "decimal"],
    ["100.000,50", "decimal"],
    ["10k", "abbreviation"],
    ["10K", "abbreviation"],
    ["2m", "abbreviation"],
    ["1,5b", "abbreviation"],
    ["1 000", "invalid_character"],
    ["12a", "invalid_character"],
    ["1e5", "invalid_character"],
    ["k", "invalid_character"],
    ["...", "invalid_character"],
    ["+100", "invalid_character"],
    ["1000000000000", "too_long"],
    ["1.000.000.000.000", "too_long"],
  ])("refuses %j: %s", (text, reason) => {
    expect(parseAmountInput(text)).toEqual({ ok: false, reason });
  });

  it("never throws and only ever yields an in-range whole number", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = parseAmountInput(text);
        if (result.ok) {
          expect(Number.isSafeInteger(result.value)).toBe(true);
          expect(result.value).toBeGreaterThanOrEqual(0);
          expect(result.value).toBeLessThan(10 ** AMOUNT_INPUT_MAX_DIGITS);
        }
      }),
    );
  });
});

describe("formatAmountInput", () => {
  it.each([
    [0, "0"],
    [100, "100"],
    [100000, "100.000"],
    [1234567, "1.234.567"],
  ])("shows %d as %j", (value, text) => {
    expect(formatAmountInput(value)).toBe(text);
  });

  it("round-trips through parseAmountInput", () => {
    fc.assert(
      fc.property(inputAmounts, (value) => {
        expect(parseAmountInput(formatAmountInput(value))).toEqual({ ok: true, value });
        expect(parseAmountInput(String(value))).toEqual({ ok: true, value });
      }),
    );
  });

  it("reads back what formatMoneyNumber shows for ISK in Icelandic", () => {
    fc.assert(
      fc.property(inputAmounts, (value) => {
        expect(parseAmountInput(formatMoneyNumber(value, { locale: "is-IS" }))).toEqual({ ok: true, value });
      }),
    );
  });

  it("groups every 3 digits with dots", () => {
    fc.assert(
      fc.property(inputAmounts, (value) => {
        const text = formatAmountInput(value);
        expect(text).toMatch(/^\d{1,3}(\.\d{3})*$/);
        expect(text.replaceAll(".", "")).toBe(String(value));
      }),
    );
  });

  it("redisplays any accepted input in canonical form", () => {
    const typed = fc
      .array(fc.constantFrom("0", "1", "5", "9", "."), { minLength: 1, maxLength: 16 })
      .map((c) => c.join(""));
    fc.assert(
      fc.property(typed, (text) => {
        const result = parseAmountInput(text);
        if (!result.ok) return;
        const shown = formatAmountInput(result.value);
        expect(parseAmountInput(shown)).toEqual(result);
        expect(formatAmountInput(result.value)).toBe(shown);
      }),
    );
  });
});
