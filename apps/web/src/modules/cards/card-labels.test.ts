import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import is from "../../locales/is.json";
import { declineText } from "./card-labels.ts";

/** A `t` that reads the English or Icelandic catalogue, with {{value}} filled in. */
const tOf = (catalogue: Record<string, unknown>) =>
  ((key: string, values: Record<string, string> = {}) => {
    const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
    return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
  }) as unknown as TFunction;

describe("declineText", () => {
  it("names the blocked group from the purchase's MCC, in both languages", () => {
    expect(declineText(tOf(en), { code: "MERCHANT_GROUP_BLOCKED", mcc: "7995" })).toBe(
      "This card cannot be used for gambling",
    );
    expect(declineText(tOf(is), { code: "MERCHANT_GROUP_BLOCKED", mcc: "7995" })).toBe(
      "Þetta kort má ekki nota hjá spilavítum",
    );
  });

  it("names a blocked merchant, and reads other codes as the caller says", () => {
    expect(declineText(tOf(en), { code: "MERCHANT_BLOCKED", merchant: "Lucky Casino" })).toBe(
      "This card cannot be used at Lucky Casino",
    );
    expect(declineText(tOf(en), { code: "RECEIPTS_MISSING", mcc: "5411" })).toBe("Receipts are missing");
    expect(declineText(tOf(en), { code: "MERCHANT_GROUP_BLOCKED", mcc: "5311" })).toBe(
      "This kind of merchant is blocked on the card",
    );
    expect(declineText(tOf(en), { code: "PERIOD_SUM" }, () => "app words")).toBe("app words");
  });
});
