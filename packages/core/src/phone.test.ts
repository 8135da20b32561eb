import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPhone, isValidIcelandicPhone, parseIcelandicMobile, parseIcelandicPhone } from "./phone.ts";

describe("parseIcelandicPhone", () => {
  it.each([
    ["6123456", "+3546123456", "mobile"],
    ["612 3456", "+3546123456", "mobile"],
    ["612-3456", "+3546123456", "mobile"],
    ["+354 612 3456", "+3546123456", "mobile"],
    ["+3546123456", "+3546123456", "mobile"],
    ["00354 612 3456", "+3546123456", "mobile"],
    ["(+354) 777-1234", "+3547771234", "mobile"],
    ["354 892 0000", "+3548920000", "mobile"],
    [" 551 2345 ", "+3545512345", "landline"],
    ["412.3456", "+3544123456", "landline"],
  ])("reads %j as %s (%s)", (text, value, kind) => {
    expect(parseIcelandicPhone(text)).toEqual({ ok: true, value, national: value.slice(4), kind });
  });

  it.each([
    ["", "empty"],
    ["  ", "empty"],
    ["612 345a", "invalid_character"],
    ["612+3456", "invalid_character"],
    ["+", "invalid_character"],
    ["+45 12 34 56 78", "not_icelandic"],
    ["0045 12345678", "not_icelandic"],
    ["612345", "length"],
    ["61234567", "length"],
    ["+354 612 345", "length"],
    ["+354", "length"],
    ["1123456", "prefix"],
    ["3123456", "prefix"],
    ["9123456", "prefix"],
  ])("refuses %j: %s", (text, reason) => {
    expect(parseIcelandicPhone(text)).toEqual({ ok: false, reason });
    expect(isValidIcelandicPhone(text)).toBe(false);
  });

  it("reads every seven-digit number starting 4-8, with or without the country code", () => {
    const national = fc.tuple(fc.integer({ min: 4, max: 8 }), fc.integer({ min: 0, max: 999_999 }));
    fc.assert(
      fc.property(national, ([first, rest]) => {
        const digits = `${first}${String(rest).padStart(6, "0")}`;
        const expected = {
          ok: true,
          value: `+354${digits}`,
          national: digits,
          kind: first >= 6 ? "mobile" : "landline",
        };
        expect(parseIcelandicPhone(digits)).toEqual(expected);
        expect(parseIcelandicPhone(`+354${digits}`)).toEqual(expected);
        expect(parseIcelandicPhone(formatPhone(digits, "international"))).toEqual(expected);
        expect(parseIcelandicPhone(formatPhone(digits, "national"))).toEqual(expected);
      }),
    );
  });

  it("never throws on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = parseIcelandicPhone(text);
        if (result.ok) expect(result.value).toMatch(/^\+354[4-8]\d{6}$/);
      }),
    );
  });
});

describe("formatPhone", () => {
  it("keeps the form it was given in", () => {
    expect(formatPhone("+3546123456")).toBe("+354 612 3456");
    expect(formatPhone("00354 6123456")).toBe("+354 612 3456");
    expect(formatPhone("6123456")).toBe("612-3456");
    expect(formatPhone("612 3456")).toBe("612-3456");
  });

  it("takes a style", () => {
    expect(formatPhone("6123456", "international")).toBe("+354 612 3456");
    expect(formatPhone("+3546123456", "national")).toBe("612-3456");
  });

  it("leaves what is not an Icelandic number alone, trimmed", () => {
    expect(formatPhone(" +45 12 34 56 78 ")).toBe("+45 12 34 56 78");
    expect(formatPhone("61")).toBe("61");
  });
});

describe("parseIcelandicMobile", () => {
  it.each([
    ["612 3456", { ok: true, value: "+3546123456", national: "6123456" }],
    ["+354 899 0000", { ok: true, value: "+3548990000", national: "8990000" }],
    ["511 2233", { ok: false, reason: "not_mobile" }],
    ["412-3456", { ok: false, reason: "not_mobile" }],
    ["123 4567", { ok: false, reason: "prefix" }],
    ["+45 1234 5678", { ok: false, reason: "not_icelandic" }],
    ["", { ok: false, reason: "empty" }],
  ])("reads %j as %j", (text, expected) => {
    expect(parseIcelandicMobile(text)).toEqual(expected);
  });
});
