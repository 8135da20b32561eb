import { describe, expect, it } from "vitest";
import { formatForeignAmount } from "./ledger-money.ts";

describe("formatForeignAmount", () => {
  it("shows a known currency as formatMoney does", () => {
    expect(formatForeignAmount(1299, "USD", 2)).toBe("12,99 USD");
    expect(formatForeignAmount(-100000, "EUR", 2)).toBe("-1.000,00 EUR");
    expect(formatForeignAmount(1500, "JPY", 0)).toBe("1.500 JPY");
  });

  it("shows a currency core does not list with the exponent the network gave", () => {
    expect(formatForeignAmount(123456, "XAF", 0)).toBe("123.456 XAF");
    expect(formatForeignAmount(5, "QAR", 2)).toBe("0,05 QAR");
    expect(formatForeignAmount(-1234567, "ZZZ", 3)).toBe("-1.234,567 ZZZ");
  });
});
