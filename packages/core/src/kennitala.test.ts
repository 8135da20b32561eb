import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatKennitala,
  isValidKennitala,
  KENNITALA_WEIGHTS,
  kennitalaCheckDigit,
  parseKennitala,
} from "./kennitala.ts";

/*
 * Known-valid numbers, computed by hand with the decisions.md algorithm. For example 120393-2009:
 * 1x3 + 2x2 + 0x7 + 3x6 + 9x5 + 3x4 + 2x3 + 0x2 = 88; 88 mod 11 = 0; 11 - 0 = 11, which means 0;
 * the ninth digit is 0 and the last digit 9 puts the date in the 1900s: 12 March 1993.
 * 410199-1069: 4x3 + 1x2 + 0x7 + 1x6 + 9x5 + 9x4 + 1x3 + 0x2 = 104; 104 mod 11 = 5; 11 - 5 = 6.
 */
const PEOPLE = [
  ["1203932009", "1993-03-12"],
  ["0101302989", "1930-01-01"],
  ["2410893049", "1989-10-24"],
  ["1506872099", "1987-06-15"],
  ["3112053070", "2005-12-31"],
  ["2902002020", "2000-02-29"],
  ["0101823018", "1882-01-01"],
] as const;

const COMPANIES = [
  ["4101991069", "1999-01-01"],
  ["6503061049", "1906-03-25"],
  ["7112451039", "1945-12-31"],
] as const;

describe("kennitalaCheckDigit", () => {
  it("follows the weights 3,2,7,6,5,4,3,2", () => {
    expect(KENNITALA_WEIGHTS).toEqual([3, 2, 7, 6, 5, 4, 3, 2]);
    expect(kennitalaCheckDigit("12039320")).toBe(0);
    expect(kennitalaCheckDigit("41019910")).toBe(6);
    expect(kennitalaCheckDigit("01013029")).toBe(8);
  });

  it("has no check digit when the remainder is 1 (11 - 1 = 10)", () => {
    // 0x3 + 1x2 + 0x7 + 1x6 + 3x5 + 0x4 + 2x3 + 8x2 = 45; 45 mod 11 = 1.
    expect(kennitalaCheckDigit("01013028")).toBeNull();
  });

  it("refuses anything but eight digits", () => {
    expect(() => kennitalaCheckDigit("1234567")).toThrow(RangeError);
    expect(() => kennitalaCheckDigit("1234567a")).toThrow(RangeError);
  });
});

describe("parseKennitala", () => {
  it.each(PEOPLE)("reads person %s born %s", (value, birthDate) => {
    expect(parseKennitala(value)).toEqual({ ok: true, value, kind: "person", birthDate });
    expect(parseKennitala(`${value.slice(0, 6)}-${value.slice(6)}`)).toEqual({
      ok: true,
      value,
      kind: "person",
      birthDate,
    });
  });

  it.each(COMPANIES)("reads company %s registered %s", (value, registeredOn) => {
    expect(parseKennitala(value)).toEqual({ ok: true, value, kind: "company", registeredOn });
  });

  it("accepts a dash, an en dash or a space after the sixth digit, and surrounding spaces", () => {
    for (const text of ["120393-2009", "120393\u20132009", "120393 2009", "  1203932009  "]) {
      expect(parseKennitala(text)).toMatchObject({ ok: true, value: "1203932009" });
    }
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["120393200", "format"],
    ["12039320091", "format"],
    ["1203-932009", "format"],
    ["12039-32009", "format"],
    ["120393--2009", "format"],
    ["12039320O9", "format"],
    ["8203932009", "temporary"],
    ["9203932009", "temporary"],
    ["1203932019", "checksum"],
    ["1203932001", "century"],
    ["1203932007", "century"],
    ["2902002029", "date"],
    ["0013002009", "checksum"],
  ])("refuses %j: %s", (text, reason) => {
    expect(parseKennitala(text)).toEqual({ ok: false, reason });
  });

  it("refuses impossible dates that pass the checksum", () => {
    // Day 32, month 13, day 00, 31 April, 29 February 1993, company day 72 and 40, each with a correct check digit.
    for (const firstSix of ["320193", "011393", "000193", "310493", "290293", "720193", "400193"]) {
      // Of two sequences in a row at least one has a check digit (their sums differ by 2, not 11).
      const firstEight = kennitalaCheckDigit(`${firstSix}20`) === null ? `${firstSix}21` : `${firstSix}20`;
      expect(parseKennitala(`${firstEight}${kennitalaCheckDigit(firstEight)}9`)).toEqual({ ok: false, reason: "date" });
    }
  });
});

/** A valid kennitala built from its parts, or null when those parts have no check digit. */
function build(day: number, month: number, year: number, sequence: number, company: boolean): string | null {
  const centuryDigit = year < 1900 ? "8" : year < 2000 ? "9" : "0";
  const dd = String(day + (company ? 40 : 0)).padStart(2, "0");
  const firstEight = `${dd}${String(month).padStart(2, "0")}${String(year % 100).padStart(2, "0")}${String(sequence).padStart(2, "0")}`;
  const check = kennitalaCheckDigit(firstEight);
  return check === null ? null : `${firstEight}${check}${centuryDigit}`;
}

const validKennitala = fc
  .record({
    date: fc.date({
      min: new Date("1800-01-01T00:00:00Z"),
      max: new Date("2099-12-31T00:00:00Z"),
      noInvalidDate: true,
    }),
    sequence: fc.integer({ min: 0, max: 99 }),
    company: fc.boolean(),
  })
  .map(({ date, sequence, company }) => ({
    value: build(date.getUTCDate(), date.getUTCMonth() + 1, date.getUTCFullYear(), sequence, company),
    date: date.toISOString().slice(0, 10),
    company,
  }))
  .filter((k): k is { value: string; date: string; company: boolean } => k.value !== null);

describe("kennitala properties", () => {
  it("a number built by the algorithm is valid, with its kind and date", () => {
    fc.assert(
      fc.property(validKennitala, ({ value, date, company }) => {
        const result = parseKennitala(value);
        expect(result).toEqual(
          company
            ? { ok: true, value, kind: "company", registeredOn: date }
            : { ok: true, value, kind: "person", birthDate: date },
        );
        expect(isValidKennitala(formatKennitala(value))).toBe(true);
      }),
    );
  });

  it("changing any single one of the first nine digits makes it invalid", () => {
    // For digits 1-8 the weighted sum moves by weight x delta, with weight 2-7 and delta 1-9: never a multiple
    // of the prime 11, so the remainder and the required check digit change. Digit 9 is the check digit itself.
    fc.assert(
      fc.property(
        validKennitala,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        ({ value }, position, delta) => {
          const changed = (Number(value.charAt(position)) + delta) % 10;
          const mutated = `${value.slice(0, position)}${changed}${value.slice(position + 1)}`;
          expect(mutated).not.toBe(value);
          expect(isValidKennitala(mutated)).toBe(false);
        },
      ),
    );
  });

  it("never throws on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(typeof isValidKennitala(text)).toBe("boolean");
      }),
    );
  });
});

describe("formatKennitala", () => {
  it("puts a dash after the sixth digit", () => {
    expect(formatKennitala("1203932009")).toBe("120393-2009");
    expect(formatKennitala("120393-2009")).toBe("120393-2009");
    expect(formatKennitala(" 120393 2009 ")).toBe("120393-2009");
  });

  it("leaves what is not ten digits alone, trimmed", () => {
    expect(formatKennitala("12039")).toBe("12039");
    expect(formatKennitala(" abc ")).toBe("abc");
    expect(formatKennitala("")).toBe("");
  });
});
