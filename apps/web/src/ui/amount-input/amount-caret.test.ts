import { describe, expect, it } from "vitest";
import { caretAfterDigits, digitsBefore, keepDigits } from "./amount-caret.ts";

describe("amount caret", () => {
  it("counts digits before the caret", () => {
    expect(digitsBefore("1.2345", 3)).toBe(2);
    expect(digitsBefore("1.234", 0)).toBe(0);
  });

  it("keeps the caret after the same digits when the grouping moves", () => {
    expect(caretAfterDigits("12.345", 2)).toBe(2);
    expect(caretAfterDigits("12.345", 3)).toBe(4);
    expect(caretAfterDigits("1.234.567", 7)).toBe(9);
    expect(caretAfterDigits("1.234", 0)).toBe(0);
    expect(caretAfterDigits("1.234", 9)).toBe(5);
  });

  it("keeps at most the given number of digits and drops everything else", () => {
    expect(keepDigits("-1.000,5kr", 12)).toBe("10005");
    expect(keepDigits("5k", 12)).toBe("5");
    expect(keepDigits("1234567890123", 12)).toBe("123456789012");
  });
});
