import { describe, expect, it } from "vitest";
import {
  DEFAULT_MCC_RULES,
  DEFAULT_RULE_CATEGORIES,
  isMcc,
  merchantKey,
  pickRule,
  rulePattern,
  taxCategoryForVat,
} from "./categorisation.ts";

describe("merchantKey", () => {
  it.each([
    ["N1 Ártúnshöfða", "n1 ártúnshöfða"],
    ["N1 ÁRTÚNSHÖFÐA 0412", "n1 ártúnshöfða"],
    ["  Bónus   Kringlunni ", "bónus kringlunni"],
    ["BÓNUS-KRINGLUNNI #123", "bónus kringlunni"],
    ["SQ *Kaffitár", "kaffitár"],
    ["SumUp * Brauð & Co", "brauð co"],
    ["10-11 Austurstræti", "austurstræti"],
    ["Olís", "olís"],
  ])("reduces %j to %j", (name, key) => {
    expect(merchantKey(name)).toBe(key);
  });

  it("keeps Icelandic letters apart from their look-alikes: ÓLÍS and OLIS are two keys", () => {
    expect(merchantKey("ÓLÍS")).not.toBe(merchantKey("OLIS"));
    expect(merchantKey("ÞÓR")).toBe("þór");
  });

  it("gives the same key to a name written in decomposed Unicode", () => {
    expect(merchantKey("O\u0301li\u0301s")).toBe(merchantKey("Ólís"));
  });

  it("is empty for a name of digits and punctuation only, and caps a long name", () => {
    expect(merchantKey("1234 * 5678")).toBe("");
    expect(merchantKey("a".repeat(300)).length).toBe(100);
  });
});

describe("rulePattern", () => {
  it("keeps four-digit MCCs and refuses others", () => {
    expect(rulePattern("MCC", " 5541 ")).toBe("5541");
    expect(rulePattern("MCC", "554")).toBeUndefined();
    expect(rulePattern("MCC", "55a1")).toBeUndefined();
    expect(isMcc("12345")).toBe(false);
  });

  it("stores a merchant rule by its key, and refuses one with nothing left", () => {
    expect(rulePattern("MERCHANT", "Kaffitár 12")).toBe("kaffitár");
    expect(rulePattern("MERCHANT", " 123 ")).toBeUndefined();
  });
});

describe("pickRule", () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute));
  const mccRule = { id: "b", match_kind: "MCC" as const, pattern: "5814", created_at: at(5) };
  const merchantRule = { id: "c", match_kind: "MERCHANT" as const, pattern: "kaffitár", created_at: at(1) };

  it("prefers a merchant rule over an MCC rule, whichever is newer", () => {
    const rule = pickRule([mccRule, merchantRule], { merchant_name: "KAFFITÁR 001", mcc: "5814" });
    expect(rule?.id).toBe("c");
  });

  it("falls back to the MCC rule when no merchant rule matches", () => {
    expect(pickRule([mccRule, merchantRule], { merchant_name: "Te og kaffi", mcc: "5814" })?.id).toBe("b");
  });

  it("matches nothing for another MCC, no MCC, or a merchant name with no key", () => {
    expect(pickRule([mccRule, merchantRule], { merchant_name: "Bónus", mcc: "5411" })).toBeUndefined();
    expect(pickRule([mccRule], { merchant_name: "Bónus", mcc: null })).toBeUndefined();
    const digits = { id: "d", match_kind: "MERCHANT" as const, pattern: "", created_at: at(0) };
    expect(pickRule([digits], { merchant_name: "1234", mcc: null })).toBeUndefined();
  });

  it("takes the newest of two of a kind, then the lowest id, whatever order they come in", () => {
    const older = { id: "a", match_kind: "MCC" as const, pattern: "5814", created_at: at(0) };
    const twin = { id: "0", match_kind: "MCC" as const, pattern: "5814", created_at: at(5) };
    const transaction = { merchant_name: "Te og kaffi", mcc: "5814" };
    expect(pickRule([older, mccRule], transaction)?.id).toBe("b");
    expect(pickRule([mccRule, twin, older], transaction)?.id).toBe("0");
    expect(pickRule([older, twin, mccRule], transaction)?.id).toBe("0");
  });
});

describe("the default rules of a new company", () => {
  const taxes = [
    { code: "VSK24", peppol_code: "S", basis_points: 2400 },
    { code: "VSK11", peppol_code: "S", basis_points: 1100 },
    { code: "VSK0", peppol_code: "Z", basis_points: 0 },
  ];

  it("cover fuel, food and travel by MCC, each MCC once, each with a starter category", () => {
    const mccs = DEFAULT_MCC_RULES.map((rule) => rule.mcc);
    expect(new Set(mccs).size).toBe(mccs.length);
    expect(mccs).toEqual(expect.arrayContaining(["5541", "5542", "5983", "5812", "5813", "5814", "5411"]));
    expect(mccs).toEqual(expect.arrayContaining(["4511", "7011", "4121"]));
    const keys = DEFAULT_RULE_CATEGORIES.map((category) => category.key);
    for (const rule of DEFAULT_MCC_RULES) expect(keys).toContain(rule.category);
  });

  it("map fuel to 24%, food and hotels to 11%, and passenger transport to no rate (exempt, not zero-rated)", () => {
    const vatOf = (mcc: string) => {
      const rule = DEFAULT_MCC_RULES.find((candidate) => candidate.mcc === mcc);
      return rule ? taxCategoryForVat(rule.vat, taxes)?.code : "missing";
    };
    expect(vatOf("5541")).toBe("VSK24");
    expect(vatOf("5411")).toBe("VSK11");
    expect(vatOf("5812")).toBe("VSK11");
    expect(vatOf("7011")).toBe("VSK11");
    expect(vatOf("4511")).toBeUndefined();
    expect(vatOf("4121")).toBeUndefined();
  });

  it("map passenger transport to the company's exempt tax category when it keeps one", () => {
    const exempt = { code: "UNDANÞEGIÐ", peppol_code: "E", basis_points: 0 };
    expect(taxCategoryForVat("EXEMPT", [...taxes, exempt])?.code).toBe("UNDANÞEGIÐ");
  });
});
