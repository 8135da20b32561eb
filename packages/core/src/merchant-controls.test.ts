import { describe, expect, it } from "vitest";
import {
  MERCHANT_GROUP_IDS,
  MERCHANT_GROUPS,
  type MerchantControls,
  merchantControlDecline,
  merchantGroupOf,
  normalizeMerchantName,
} from "./merchant-controls.ts";

const allMccs = Array.from({ length: 10_000 }, (_, n) => String(n).padStart(4, "0"));

describe("merchant groups", () => {
  it("are disjoint, so a declined MCC names one group", () => {
    for (const mcc of allMccs) {
      const groups = MERCHANT_GROUP_IDS.filter((group) =>
        MERCHANT_GROUPS[group].some(([from, to]) => mcc >= from && mcc <= to),
      );
      expect(groups.length, mcc).toBeLessThanOrEqual(1);
    }
  });

  it("place the issue's codes in their groups", () => {
    for (const mcc of ["7995", "7800", "7801", "7802", "9406"]) expect(merchantGroupOf(mcc)).toBe("gambling");
    for (const mcc of ["6010", "6011", "6051", "4829"]) expect(merchantGroupOf(mcc)).toBe("cash");
    for (const mcc of ["5541", "5542", "5983", "5172"]) expect(merchantGroupOf(mcc)).toBe("fuel");
    for (const mcc of ["5411", "5499"]) expect(merchantGroupOf(mcc)).toBe("groceries");
    for (const mcc of ["5812", "5813", "5814"]) expect(merchantGroupOf(mcc)).toBe("restaurants");
    for (const mcc of ["3000", "3299", "3501", "3999", "4511", "7011", "4722"])
      expect(merchantGroupOf(mcc)).toBe("travel");
    for (const mcc of ["5734", "5817", "5818", "7372"]) expect(merchantGroupOf(mcc)).toBe("software");
  });

  it("leave other and malformed codes out", () => {
    expect(merchantGroupOf("5311")).toBeNull();
    expect(merchantGroupOf("3300")).toBeNull();
    expect(merchantGroupOf("79950")).toBeNull();
    expect(merchantGroupOf("")).toBeNull();
  });
});

describe("merchantControlDecline", () => {
  const casino = { mcc: "7995", merchantName: "Happy Casino" };
  const bonus = { mcc: "5411", merchantName: "Bónus Kringlunni" };
  const block: MerchantControls = { mode: "BLOCK", groups: ["gambling"], merchants: ["  bónus   KRINGLUNNI "] };

  it("passes everything without controls", () => {
    expect(merchantControlDecline(null, casino)).toBeNull();
  });

  it("blocks a group with its own code and a named merchant with another", () => {
    expect(merchantControlDecline(block, casino)).toBe("MERCHANT_GROUP_BLOCKED");
    expect(merchantControlDecline(block, bonus)).toBe("MERCHANT_BLOCKED");
    expect(merchantControlDecline(block, { mcc: "5411", merchantName: "Krónan" })).toBeNull();
  });

  it("allows only the listed groups and merchants", () => {
    const allow: MerchantControls = { mode: "ALLOW_ONLY", groups: ["fuel"], merchants: ["Bónus Kringlunni"] };
    expect(merchantControlDecline(allow, { mcc: "5542", merchantName: "N1" })).toBeNull();
    expect(merchantControlDecline(allow, bonus)).toBeNull();
    expect(merchantControlDecline(allow, casino)).toBe("MERCHANT_NOT_ALLOWED");
    expect(merchantControlDecline({ mode: "ALLOW_ONLY", groups: [], merchants: [] }, bonus)).toBe(
      "MERCHANT_NOT_ALLOWED",
    );
  });

  it("never matches an empty merchant name to a list", () => {
    expect(
      merchantControlDecline({ mode: "BLOCK", groups: [], merchants: [" "] }, { mcc: "5411", merchantName: "" }),
    ).toBeNull();
  });

  it("normalizes names: trimmed, one space, lower case", () => {
    expect(normalizeMerchantName("  Hagkaup\t Smáralind ")).toBe("hagkaup smáralind");
  });
});
