import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import en from "../locales/en.json";
import is from "../locales/is.json";
import { merchantRulesText } from "./merchant-rules.ts";

/** A `t` that reads the English or Icelandic catalogue, with {{value}} filled in. */
const tOf = (catalogue: Record<string, unknown>) =>
  ((key: string, values: Record<string, string> = {}) => {
    const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
    return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
  }) as unknown as TFunction;

describe("merchantRulesText", () => {
  const block = { mode: "BLOCK", groups: ["gambling", "cash"], merchants: [], source: "COMPANY_DEFAULT" } as const;

  it("lists the blocked groups in each language's own words", () => {
    expect(merchantRulesText(tOf(en), { ...block, groups: [...block.groups], merchants: [] })).toBe(
      "This card cannot be used for: gambling, cash",
    );
    expect(merchantRulesText(tOf(is), { ...block, groups: [...block.groups], merchants: [] })).toBe(
      "Þetta kort má ekki nota hjá: spilavítum, reiðufé",
    );
  });

  it("reads an allow-only list with its named merchants, and drops a group this build does not know", () => {
    const allow = { mode: "ALLOW_ONLY", groups: ["fuel", "teleport"], merchants: ["Bónus Kringlunni"], source: "CARD" };
    expect(merchantRulesText(tOf(en), { ...allow, mode: "ALLOW_ONLY", source: "CARD" })).toBe(
      "This card can only be used for: fuel, Bónus Kringlunni",
    );
    expect(merchantRulesText(tOf(is), { ...allow, mode: "ALLOW_ONLY", source: "CARD" })).toBe(
      "Þetta kort má aðeins nota hjá: bensínstöðvum, Bónus Kringlunni",
    );
  });

  it("says an allow-only list of nothing passes nothing, and a block of nothing says nothing", () => {
    expect(merchantRulesText(tOf(en), { mode: "ALLOW_ONLY", groups: [], merchants: [], source: "CARD" })).toBe(
      "This card cannot be used at any merchant for now.",
    );
    expect(merchantRulesText(tOf(en), { mode: "BLOCK", groups: [], merchants: [], source: "CARD" })).toBe("");
  });
});
