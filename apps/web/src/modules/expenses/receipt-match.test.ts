import { describe, expect, it } from "vitest";
import { matchReason } from "./receipt-match.ts";

describe("the reason shown beside an e-mailed receipt matched without a person", () => {
  it("reads an ISK amount in whole krónur and the receipt's date as Icelanders write them", () => {
    expect(matchReason({ amount: 4590, currency: "ISK", date: "2026-11-21" }, "is-IS")).toEqual({
      amount: "4.590 kr.",
      date: "21.11.2026",
    });
  });

  it("reads a foreign amount in its own minor units", () => {
    expect(matchReason({ amount: 1299, currency: "USD", date: "2026-11-02" }, "is-IS").amount).toBe("12,99 USD");
  });
});
