import { describe, expect, it } from "vitest";
import { GOLDEN_CASES, type GoldenCase } from "./matcher.golden.ts";
import { type Candidate, matchReceipt } from "./matcher.ts";
import { foldedWords, merchantSimilarity } from "./merchant-name.ts";
import { readAmounts, readDates } from "./receipt-text.ts";

const decide = (golden: GoldenCase) => {
  const candidates: Candidate[] = golden.purchases.map((purchase) => ({
    id: purchase.id,
    userId: purchase.holder,
    merchant: purchase.merchant,
    date: new Date(purchase.at),
    amountIsk: purchase.isk,
    originalAmount: purchase.original?.amount ?? purchase.isk,
    originalCurrency: purchase.original?.currency ?? "ISK",
    hasReceipt: purchase.hasReceipt ?? false,
  }));
  const evidence = {
    senderUserId: "anna",
    receivedAt: new Date(golden.receivedAt),
    amounts: readAmounts(golden.text),
    dates: readDates(golden.text),
    merchant: golden.merchant ?? null,
  };
  return matchReceipt(evidence, candidates, new Set(golden.rejected ?? []));
};

describe("the receipt matcher's golden set", () => {
  it("has at least 30 labelled cases of every kind", () => {
    expect(GOLDEN_CASES.length).toBeGreaterThanOrEqual(30);
    for (const kind of ["auto", "suggest", "none"]) {
      expect(GOLDEN_CASES.filter((golden) => golden.expect.kind === kind).length).toBeGreaterThanOrEqual(4);
    }
  });

  it.each(GOLDEN_CASES.map((golden) => [golden.name, golden] as const))("%s", (_name, golden) => {
    const decision = decide(golden);
    if (golden.expect.kind === "auto") {
      expect(decision).toMatchObject({ kind: "auto", transactionId: golden.expect.id });
    } else if (golden.expect.kind === "suggest") {
      expect(decision.kind).toBe("suggest");
      if (decision.kind === "suggest") expect(decision.suggestions[0]?.transactionId).toBe(golden.expect.first);
    } else {
      expect(decision).toEqual({ kind: "none" });
    }
  });
});

describe("reading a receipt's text", () => {
  it.each([
    ["Samtals 4.590 kr.", [{ amount: 4590, currency: "ISK" }]],
    ["kr. 12.900", [{ amount: 12900, currency: "ISK" }]],
    ["8.450,00 ISK", [{ amount: 8450, currency: "ISK" }]],
    ["1.249.900 kr", [{ amount: 1249900, currency: "ISK" }]],
    ["ISK 3,450", [{ amount: 3450, currency: "ISK" }]],
    ["$15.00", [{ amount: 1500, currency: "USD" }]],
    ["EUR 129,50", [{ amount: 12950, currency: "EUR" }]],
    ["12.99 USD", [{ amount: 1299, currency: "USD" }]],
    ["4.590,50 kr.", []],
    ["VSK 24%", []],
  ])("reads %s in minor units", (text, amounts) => {
    expect(readAmounts(text)).toEqual(amounts);
  });

  it("reads days in the forms receipts use, day before month, and no impossible ones", () => {
    const days = (text: string) => readDates(text).map((date) => date.toISOString().slice(0, 10));
    expect(days("21.11.2026")).toEqual(["2026-11-21"]);
    expect(days("5.3.2026 og 2026-03-06")).toEqual(["2026-03-05", "2026-03-06"]);
    expect(days("05/11/2026")).toEqual(["2026-11-05"]);
    expect(days("17. nóvember 2026")).toEqual(["2026-11-17"]);
    expect(days("21 Nov 2026, Nov 22, 2026")).toEqual(["2026-11-21", "2026-11-22"]);
    expect(days("31.02.2026 99.99.2026")).toEqual([]);
  });
});

describe("merchant names", () => {
  it("fold Icelandic letters and company forms", () => {
    expect(foldedWords("Þjóðleikhúsið ehf.")).toEqual(["thjodleikhusid"]);
    expect(foldedWords("Ölgerðin Egill Skallagrímsson hf.")).toEqual(["olgerdin", "egill", "skallagrimsson"]);
    expect(foldedWords("Sæmundur sf. / slf. / ses. / ohf.")).toEqual(["saemundur"]);
  });

  it("are alike when one's words are all in the other's, and apart when nothing is shared", () => {
    expect(merchantSimilarity("Bónus", "BONUS KRINGLUNNI")).toBe(1);
    expect(merchantSimilarity("Krónan ehf.", "Kronan Granda")).toBe(1);
    expect(merchantSimilarity("Elko", "Penninn")).toBeLessThan(0.2);
  });
});

describe("the card digits read from a receipt (issue 18)", () => {
  const at = new Date("2026-11-21T14:32:00Z");
  const purchase = (id: string, lastFour: string): Candidate => ({
    id,
    userId: "anna",
    merchant: "Bónus Skeifunni",
    date: at,
    amountIsk: 4590,
    originalAmount: 4590,
    originalCurrency: "ISK",
    hasReceipt: false,
    lastFour,
  });
  const evidence = (lastFour: string | null) => ({
    senderUserId: "anna",
    receivedAt: at,
    amounts: [{ amount: 4590, currency: "ISK" }],
    dates: [at],
    merchant: "Bónus Skeifunni",
    lastFour,
  });
  const twoCards = [purchase("on-1234", "1234"), purchase("on-5678", "5678")];

  it("attach the receipt to the purchase on its card when two cards made the same purchase", () => {
    // Without the digits the two purchases tie: nothing is attached without a person.
    expect(matchReceipt(evidence(null), twoCards).kind).toBe("suggest");
    expect(matchReceipt(evidence("5678"), twoCards)).toMatchObject({ kind: "auto", transactionId: "on-5678" });
  });

  it("rule out a purchase on another card, even the only one with the amount", () => {
    expect(matchReceipt(evidence("9999"), [purchase("on-1234", "1234")])).toEqual({ kind: "none" });
    // A purchase whose card digits are unknown is not ruled out.
    expect(matchReceipt(evidence("9999"), [{ ...purchase("unknown", "1234"), lastFour: null }])).toMatchObject({
      kind: "auto",
      transactionId: "unknown",
    });
  });
});
