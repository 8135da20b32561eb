import { CARD_STATUSES, utcDate } from "@kort/core";
import { describe, expect, it } from "vitest";
import { afterApproval, type DecisionInput, type DecisionLimit, decide, limitCovers } from "./decide.ts";

const now = utcDate(2026, 4, 15, 12);
const limit = (overrides: Partial<DecisionLimit> = {}): DecisionLimit => ({
  sumAmount: 100_000,
  singleAmount: 100_000,
  count: 1000,
  usageType: "ALL",
  period: "MONTHLY",
  ...overrides,
});
const input = (overrides: Partial<DecisionInput> = {}): DecisionInput => ({
  now,
  card: { status: "ACTIVE", expirationMonth: 5, expirationYear: 2029, willCloseAt: null },
  request: { amountIsk: 1000, mcc: "5411", merchantName: "Bónus", expiryMonth: 5, expiryYear: 2029 },
  merchantControls: null,
  receiptLock: null,
  limits: [{ limit: limit(), used: { sum: 0, count: 0 } }],
  team: null,
  availableCredit: 1_000_000,
  ...overrides,
});
const codeOf = (value: DecisionInput) => {
  const decision = decide(value);
  return decision.approved ? "APPROVED" : decision.code;
};

describe("card state", () => {
  it("approves an active card within every limit", () => {
    expect(decide(input())).toEqual({ approved: true });
  });

  it.each(CARD_STATUSES.filter((status) => status !== "ACTIVE" && status !== "EXPIRED" && status !== "FROZEN"))(
    "declines a %s card as not active",
    (status) => {
      expect(codeOf(input({ card: { ...input().card, status } }))).toBe("CARD_NOT_ACTIVE");
    },
  );

  it("declines a FROZEN card as frozen, so its holder reads that they froze it", () => {
    expect(codeOf(input({ card: { ...input().card, status: "FROZEN" } }))).toBe("CARD_FROZEN");
  });

  it("declines an EXPIRED card as expired", () => {
    expect(codeOf(input({ card: { ...input().card, status: "EXPIRED" } }))).toBe("CARD_EXPIRED");
  });

  it("is good through the last millisecond of the expiry month and expired at the next", () => {
    const card = { status: "ACTIVE" as const, expirationMonth: 5, expirationYear: 2026, willCloseAt: null };
    const base = input({ card, request: { ...input().request, expiryMonth: 5, expiryYear: 2026 } });
    expect(codeOf({ ...base, now: utcDate(2026, 4, 31, 23, 59, 59, 999) })).toBe("APPROVED");
    expect(codeOf({ ...base, now: utcDate(2026, 5, 1) })).toBe("CARD_EXPIRED");
  });

  it("declines an expiry that is not the card's", () => {
    expect(codeOf(input({ request: { ...input().request, expiryYear: 2030 } }))).toBe("INVALID_EXPIRY");
    expect(codeOf(input({ request: { ...input().request, expiryMonth: 6 } }))).toBe("INVALID_EXPIRY");
  });

  it("honours will_close_at through its last millisecond", () => {
    const willCloseAt = utcDate(2026, 4, 15, 23, 59, 59, 999);
    const base = input({ card: { ...input().card, willCloseAt } });
    expect(codeOf({ ...base, now: willCloseAt })).toBe("APPROVED");
    expect(codeOf({ ...base, now: utcDate(2026, 4, 16) })).toBe("CARD_CLOSING_DATE_PASSED");
  });
});

describe("usage type", () => {
  it("treats MCC 6010 and 6011 as ATM and everything else as retail", () => {
    expect(limitCovers("ATM", "6010")).toBe(true);
    expect(limitCovers("ATM", "6011")).toBe(true);
    expect(limitCovers("ATM", "6012")).toBe(false);
    expect(limitCovers("RETAIL", "6011")).toBe(false);
    expect(limitCovers("RETAIL", "5411")).toBe(true);
    expect(limitCovers("ALL", "6011")).toBe(true);
  });

  it("declines a purchase no limit covers", () => {
    const atmOnly = [{ limit: limit({ usageType: "ATM" }), used: { sum: 0, count: 0 } }];
    expect(codeOf(input({ limits: atmOnly }))).toBe("USAGE_TYPE");
    expect(codeOf(input({ limits: atmOnly, request: { ...input().request, mcc: "6011" } }))).toBe("APPROVED");
    const retailOnly = [{ limit: limit({ usageType: "RETAIL" }), used: { sum: 0, count: 0 } }];
    expect(codeOf(input({ limits: retailOnly, request: { ...input().request, mcc: "6010" } }))).toBe("USAGE_TYPE");
    expect(codeOf(input({ limits: retailOnly }))).toBe("APPROVED");
  });
});

describe("card limits", () => {
  it("allows the single amount exactly and declines a krona more", () => {
    const limits = [{ limit: limit({ singleAmount: 5000 }), used: { sum: 0, count: 0 } }];
    expect(codeOf(input({ limits, request: { ...input().request, amountIsk: 5000 } }))).toBe("APPROVED");
    expect(codeOf(input({ limits, request: { ...input().request, amountIsk: 5001 } }))).toBe("SINGLE_AMOUNT");
  });

  it("allows the period sum exactly and declines beyond it", () => {
    const used = { sum: 99_000, count: 3 };
    expect(codeOf(input({ limits: [{ limit: limit(), used }] }))).toBe("APPROVED");
    const more = { ...input().request, amountIsk: 1001 };
    expect(codeOf(input({ limits: [{ limit: limit(), used }], request: more }))).toBe("PERIOD_SUM");
  });

  it("allows the count'th purchase and declines the next", () => {
    expect(codeOf(input({ limits: [{ limit: limit({ count: 3 }), used: { sum: 0, count: 2 } }] }))).toBe("APPROVED");
    expect(codeOf(input({ limits: [{ limit: limit({ count: 3 }), used: { sum: 0, count: 3 } }] }))).toBe(
      "PERIOD_COUNT",
    );
  });

  it("checks every covering limit and ignores one of another usage", () => {
    const limits = [
      { limit: limit(), used: { sum: 0, count: 0 } },
      { limit: limit({ usageType: "ATM", sumAmount: 10 }), used: { sum: 10, count: 1 } },
    ];
    expect(codeOf(input({ limits }))).toBe("APPROVED");
    expect(codeOf(input({ limits, request: { ...input().request, mcc: "6011" } }))).toBe("PERIOD_SUM");
  });
});

describe("team limit control and credit", () => {
  const team = {
    maxDaily: 5000,
    maxWeekly: 20_000,
    maxMonthly: 50_000,
    usedDaily: 4000,
    usedWeekly: 0,
    usedMonthly: 0,
  };

  it("declines over the team's daily, weekly or monthly maximum", () => {
    expect(codeOf(input({ team }))).toBe("APPROVED");
    expect(codeOf(input({ team: { ...team, usedDaily: 4001 } }))).toBe("TEAM_LIMIT");
    expect(codeOf(input({ team: { ...team, usedDaily: 0, usedWeekly: 19_500 } }))).toBe("TEAM_LIMIT");
    expect(codeOf(input({ team: { ...team, usedDaily: 0, usedMonthly: 49_001 } }))).toBe("TEAM_LIMIT");
  });

  it("treats a missing maximum as no limit", () => {
    const open = {
      maxDaily: null,
      maxWeekly: null,
      maxMonthly: null,
      usedDaily: 9e9,
      usedWeekly: 9e9,
      usedMonthly: 9e9,
    };
    expect(codeOf(input({ team: open }))).toBe("APPROVED");
  });

  it("declines beyond the available credit, and at exactly the credit approves", () => {
    expect(codeOf(input({ availableCredit: 1000 }))).toBe("APPROVED");
    expect(codeOf(input({ availableCredit: 999 }))).toBe("INSUFFICIENT_CREDIT");
    expect(codeOf(input({ availableCredit: -5 }))).toBe("INSUFFICIENT_CREDIT");
  });

  it("names the card's state before its limits, and card limits before team and credit", () => {
    const everythingWrong = input({
      card: { ...input().card, status: "FROZEN" },
      limits: [{ limit: limit({ singleAmount: 1 }), used: { sum: 0, count: 0 } }],
      availableCredit: 0,
    });
    expect(codeOf(everythingWrong)).toBe("CARD_FROZEN");
    expect(codeOf({ ...everythingWrong, card: input().card })).toBe("SINGLE_AMOUNT");
    expect(codeOf(input({ team: { ...team, usedDaily: 4500 }, availableCredit: 0 }))).toBe("TEAM_LIMIT");
  });
});

describe("merchant controls and the receipt lock", () => {
  const casino = { ...input().request, mcc: "7995", merchantName: "Lucky Casino" };
  const blockGambling = { mode: "BLOCK" as const, groups: ["gambling" as const], merchants: [] };

  it("declines a blocked group with its code and passes other merchants", () => {
    expect(codeOf(input({ merchantControls: blockGambling, request: casino }))).toBe("MERCHANT_GROUP_BLOCKED");
    expect(codeOf(input({ merchantControls: blockGambling }))).toBe("APPROVED");
  });

  it("comes after the card's state and before its limits", () => {
    const frozen = { ...input().card, status: "FROZEN" as const };
    expect(codeOf(input({ merchantControls: blockGambling, request: casino, card: frozen }))).toBe("CARD_FROZEN");
    expect(codeOf(input({ merchantControls: blockGambling, request: casino, availableCredit: 0 }))).toBe(
      "MERCHANT_GROUP_BLOCKED",
    );
  });

  it("declines with RECEIPTS_MISSING while receipts are missing, unless lifted past now", () => {
    expect(codeOf(input({ receiptLock: { missingCount: 2, liftedUntil: null } }))).toBe("RECEIPTS_MISSING");
    expect(codeOf(input({ receiptLock: { missingCount: 0, liftedUntil: null } }))).toBe("APPROVED");
    const later = new Date(now.getTime() + 1);
    expect(codeOf(input({ receiptLock: { missingCount: 2, liftedUntil: later } }))).toBe("APPROVED");
    expect(codeOf(input({ receiptLock: { missingCount: 2, liftedUntil: now } }))).toBe("RECEIPTS_MISSING");
  });

  it("names the merchant block before the receipt lock, and the lock before the limits", () => {
    const lock = { missingCount: 1, liftedUntil: null };
    expect(codeOf(input({ receiptLock: lock, merchantControls: blockGambling, request: casino }))).toBe(
      "MERCHANT_GROUP_BLOCKED",
    );
    expect(codeOf(input({ receiptLock: lock, availableCredit: 0 }))).toBe("RECEIPTS_MISSING");
  });
});

describe("afterApproval", () => {
  it("adds an approved purchase to the limits that cover it, the team and the credit, so the next decision sees it", () => {
    const atm = limit({ usageType: "ATM", sumAmount: 10_000 });
    const retail = limit({ usageType: "RETAIL", sumAmount: 5_000, count: 2 });
    const before = input({
      limits: [
        { limit: atm, used: { sum: 1_000, count: 1 } },
        { limit: retail, used: { sum: 2_000, count: 1 } },
      ],
      team: { maxDaily: 4_000, maxWeekly: null, maxMonthly: null, usedDaily: 0, usedWeekly: 10, usedMonthly: 20 },
      availableCredit: 9_000,
    });
    const after = afterApproval(before, { amountIsk: 2_500, mcc: "5411" });
    expect(after).toEqual({
      limits: [
        { limit: atm, used: { sum: 1_000, count: 1 } },
        { limit: retail, used: { sum: 4_500, count: 2 } },
      ],
      team: {
        maxDaily: 4_000,
        maxWeekly: null,
        maxMonthly: null,
        usedDaily: 2_500,
        usedWeekly: 2_510,
        usedMonthly: 2_520,
      },
      availableCredit: 6_500,
    });
    // The same purchase again now breaks the retail count, then the team, then the credit, as a fresh read would.
    expect(codeOf({ ...before, ...after, request: { ...before.request, amountIsk: 100 } })).toBe("PERIOD_COUNT");
    const noLimits = afterApproval({ ...before, limits: [] }, { amountIsk: 2_500, mcc: "5411" });
    expect(codeOf({ ...before, ...noLimits, request: { ...before.request, amountIsk: 1_600 } })).toBe("TEAM_LIMIT");
    expect(
      codeOf({
        ...before,
        limits: [],
        team: null,
        availableCredit: 6_500,
        request: { ...before.request, amountIsk: 6_501 },
      }),
    ).toBe("INSUFFICIENT_CREDIT");
    expect(before.limits[1]?.used).toEqual({ sum: 2_000, count: 1 });
  });
});
