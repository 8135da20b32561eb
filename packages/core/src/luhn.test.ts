import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isLuhnValid, luhnCheckDigit } from "./luhn.ts";

const digitString = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((digits) => digits.join(""));

describe("Luhn", () => {
  it("accepts known test card numbers and refuses a changed digit", () => {
    expect(isLuhnValid("4111111111111111")).toBe(true);
    expect(isLuhnValid("4000056655665556")).toBe(true);
    expect(isLuhnValid("79927398713")).toBe(true);
    expect(isLuhnValid("4111111111111112")).toBe(false);
    expect(isLuhnValid("79927398710")).toBe(false);
  });

  it("refuses what is not a digit string", () => {
    expect(isLuhnValid("")).toBe(false);
    expect(isLuhnValid("0")).toBe(false);
    expect(isLuhnValid("4111 1111 1111 1111")).toBe(false);
    expect(isLuhnValid("41111111111111x1")).toBe(false);
    expect(() => luhnCheckDigit("")).toThrow(RangeError);
    expect(() => luhnCheckDigit("12a")).toThrow(RangeError);
  });

  it("makes every payload valid with its check digit", () => {
    fc.assert(fc.property(digitString(1, 30), (payload) => isLuhnValid(payload + luhnCheckDigit(payload))));
  });

  it("finds exactly one valid check digit for every payload", () => {
    fc.assert(
      fc.property(digitString(1, 30), (payload) => {
        const valid = "0123456789".split("").filter((digit) => isLuhnValid(payload + digit));
        return valid.length === 1 && valid[0] === luhnCheckDigit(payload);
      }),
    );
  });

  it("catches every single-digit change", () => {
    fc.assert(
      fc.property(digitString(1, 20), fc.nat(), fc.integer({ min: 1, max: 9 }), (payload, at, delta) => {
        const number = payload + luhnCheckDigit(payload);
        const index = at % number.length;
        const changed = (Number(number[index]) + delta) % 10;
        const mutated = number.slice(0, index) + String(changed) + number.slice(index + 1);
        return !isLuhnValid(mutated);
      }),
    );
  });
});
