import { utcDate } from "@kort/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../platform/db/client.ts";
import { authorizations, transactions } from "../../platform/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { authorizePayment } from "./authorize-payment.service.ts";
import { accountBalance } from "./balance.service.ts";
import { clearAuthorization, refundPurchase, reverseAuthorization } from "./settlement.service.ts";
import { clockAt, createProcessorScene } from "./testing/processor-scene.ts";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

// Friday 15 May 2026, noon UTC.
const start = utcDate(2026, 4, 15, 12);
const scene = async (options: { creditLimit?: number } = {}) => {
  const clock = clockAt(start);
  return { clock, ...(await createProcessorScene(db, { now: clock.now, ...options })) };
};

describe("authorizing against a card", () => {
  it("approves, stores the decision with the original amount, and reserves credit", async () => {
    const s = await scene({ creditLimit: 50_000 });
    const card = await s.issue();
    const answer = await authorizePayment(s.deps, card.request({ amount: 12_000 }));
    expect(answer).toMatchObject({ approved: true, declineCode: null, amountIsk: 12_000 });
    const [row] = await db
      .select()
      .from(authorizations)
      .where(eq(authorizations.id, answer.id ?? ""));
    expect(row).toMatchObject({ status: "pending", amount: 12_000, originalCurrency: "ISK", mcc: "5411" });
    expect(row?.approvalCode).toMatch(/^[0-9]{6}$/);
    expect(await accountBalance(db, s.project.id, start)).toEqual({
      creditLimit: 50_000,
      used: 0,
      reserved: 12_000,
      deposited: 0,
      available: 38_000,
    });
  });

  it("declines an unknown card without storing it, and stores other declines with their code", async () => {
    const s = await scene();
    const card = await s.issue();
    const unknown = await authorizePayment(s.deps, card.request({ pan: "4000000000000002" }));
    expect(unknown).toEqual({ id: null, approved: false, declineCode: "UNKNOWN_CARD", amountIsk: 1000, notify: false });
    const declined = await authorizePayment(s.deps, card.request({ amount: 100_001 }));
    expect(declined.declineCode).toBe("SINGLE_AMOUNT");
    const [row] = await db
      .select()
      .from(authorizations)
      .where(eq(authorizations.id, declined.id ?? ""));
    expect(row).toMatchObject({ status: "declined", declineCode: "SINGLE_AMOUNT", approvalCode: null });
  });

  it.each([
    ["FROZEN", "CARD_FROZEN"],
    ["LOCKED", "CARD_NOT_ACTIVE"],
    ["CLOSED", "CARD_NOT_ACTIVE"],
    ["EXPIRED", "CARD_EXPIRED"],
  ] as const)("declines a %s card with %s", async (status, code) => {
    const s = await scene();
    const card = await s.issue();
    await s.setCard(card.id, { status });
    expect((await authorizePayment(s.deps, card.request())).declineCode).toBe(code);
  });

  it("declines after will_close_at and past the expiry month", async () => {
    const s = await scene();
    const closing = await s.issue({ willCloseAt: utcDate(2026, 4, 15, 23, 59, 59, 999) });
    expect((await authorizePayment(s.deps, closing.request())).approved).toBe(true);
    s.clock.set(utcDate(2026, 4, 16));
    expect((await authorizePayment(s.deps, closing.request())).declineCode).toBe("CARD_CLOSING_DATE_PASSED");
    const card = await s.issue();
    s.clock.set(utcDate(card.expirationYear, card.expirationMonth, 1));
    expect((await authorizePayment(s.deps, card.request())).declineCode).toBe("CARD_EXPIRED");
  });

  it("keeps ATM and retail apart by MCC", async () => {
    const s = await scene();
    const card = await s.issue();
    await s.setLimit(card.id, { usageType: "ATM" });
    expect((await authorizePayment(s.deps, card.request({ mcc: "5411" }))).declineCode).toBe("USAGE_TYPE");
    expect((await authorizePayment(s.deps, card.request({ mcc: "6011" }))).approved).toBe(true);
    await s.setLimit(card.id, { usageType: "RETAIL" });
    expect((await authorizePayment(s.deps, card.request({ mcc: "6010" }))).declineCode).toBe("USAGE_TYPE");
  });

  it("counts a weekly limit from Monday 00:00 UTC", async () => {
    const s = await scene();
    const card = await s.issue({ sumAmount: 10_000, period: "WEEKLY" });
    s.clock.set(utcDate(2026, 4, 17, 23, 59, 59, 999)); // Sunday night
    expect((await authorizePayment(s.deps, card.request({ amount: 10_000 }))).approved).toBe(true);
    expect((await authorizePayment(s.deps, card.request({ amount: 1 }))).declineCode).toBe("PERIOD_SUM");
    s.clock.set(utcDate(2026, 4, 18)); // Monday 00:00
    expect((await authorizePayment(s.deps, card.request({ amount: 10_000 }))).approved).toBe(true);
  });

  it("counts a monthly limit over the billing period from the 27th", async () => {
    const s = await scene();
    const card = await s.issue({ sumAmount: 10_000, period: "MONTHLY" });
    s.clock.set(utcDate(2026, 4, 26, 23, 59, 59, 999));
    expect((await authorizePayment(s.deps, card.request({ amount: 10_000 }))).approved).toBe(true);
    expect((await authorizePayment(s.deps, card.request({ amount: 1 }))).declineCode).toBe("PERIOD_SUM");
    s.clock.set(utcDate(2026, 4, 27));
    expect((await authorizePayment(s.deps, card.request({ amount: 10_000 }))).approved).toBe(true);
  });

  it("slides a 24-hour limit and counts purchases", async () => {
    const s = await scene();
    const card = await s.issue({ sumAmount: 10_000, period: "SLIDING_24H" });
    expect((await authorizePayment(s.deps, card.request({ amount: 6000 }))).approved).toBe(true);
    s.clock.set(new Date(start.getTime() + 23 * 3_600_000));
    expect((await authorizePayment(s.deps, card.request({ amount: 6000 }))).declineCode).toBe("PERIOD_SUM");
    s.clock.set(new Date(start.getTime() + 24 * 3_600_000));
    expect((await authorizePayment(s.deps, card.request({ amount: 6000 }))).approved).toBe(true);
    await s.setLimit(card.id, { count: 1 });
    expect((await authorizePayment(s.deps, card.request({ amount: 1 }))).declineCode).toBe("PERIOD_COUNT");
  });

  it("applies the team's limit control across the team's cards", async () => {
    const s = await scene();
    await s.setTeamLimits({ maxDailyLimit: 5000 });
    const first = await s.issue();
    const second = await s.issue();
    expect((await authorizePayment(s.deps, first.request({ amount: 3000 }))).approved).toBe(true);
    expect((await authorizePayment(s.deps, second.request({ amount: 2001 }))).declineCode).toBe("TEAM_LIMIT");
    const teamless = await s.issue({ teamId: null });
    expect((await authorizePayment(s.deps, teamless.request({ amount: 2001 }))).approved).toBe(true);
  });

  it("converts foreign currencies at the stored rate and keeps the original amount", async () => {
    const s = await scene();
    const card = await s.issue();
    const answer = await authorizePayment(
      s.deps,
      card.request({ amount: 1299, currency: "USD", merchantCountry: "US" }),
    );
    expect(answer).toMatchObject({ approved: true, amountIsk: 1799 });
    const [row] = await db
      .select()
      .from(authorizations)
      .where(eq(authorizations.id, answer.id ?? ""));
    expect(row).toMatchObject({ amount: 1799, originalAmount: 1299, originalCurrency: "USD", originalExponent: 2 });
    const noRate = await authorizePayment(s.deps, card.request({ amount: 100, currency: "CHF" }));
    expect(noRate.declineCode).toBe("CURRENCY_NOT_SUPPORTED");
  });
});

describe("reversal, clearing and refund", () => {
  it("frees the reservation on reversal, once", async () => {
    const s = await scene({ creditLimit: 10_000 });
    const card = await s.issue();
    const first = await authorizePayment(s.deps, card.request({ amount: 10_000 }));
    expect((await authorizePayment(s.deps, card.request({ amount: 1 }))).declineCode).toBe("INSUFFICIENT_CREDIT");
    expect(await reverseAuthorization(s.deps, first.id ?? "")).toEqual({ id: first.id, status: "reversed" });
    expect(await reverseAuthorization(s.deps, first.id ?? "")).toEqual({ id: first.id, status: "reversed" });
    expect((await accountBalance(db, s.project.id, start)).available).toBe(10_000);
    expect((await authorizePayment(s.deps, card.request({ amount: 10_000 }))).approved).toBe(true);
  });

  it("settles at another amount: the reservation goes and the settled amount is used", async () => {
    const s = await scene({ creditLimit: 100_000 });
    const card = await s.issue({ sumAmount: 20_000 });
    const auth = await authorizePayment(s.deps, card.request({ amount: 10_000 }));
    const settled = await clearAuthorization(s.deps, { authorizationId: auth.id ?? "", amount: 12_500 });
    expect(settled.amount_isk).toBe(12_500);
    expect(await accountBalance(db, s.project.id, start)).toMatchObject({
      used: 12_500,
      reserved: 0,
      available: 87_500,
    });
    const [transaction] = await db.select().from(transactions).where(eq(transactions.id, settled.transaction_id));
    expect(transaction).toMatchObject({
      transactionAmount: 12_500,
      merchantName: "Bónus Kringlunni",
      transactionDate: start,
    });
    expect(transaction?.closedAt).not.toBeNull();
    // The card's monthly limit now holds 12.500 of 20.000.
    expect((await authorizePayment(s.deps, card.request({ amount: 7501 }))).declineCode).toBe("PERIOD_SUM");
    await expect(reverseAuthorization(s.deps, auth.id ?? "")).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(clearAuthorization(s.deps, { authorizationId: auth.id ?? "", amount: 1 })).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  it("puts an approved purchase in the ledger unsettled, settles that same row, and removes it on reversal", async () => {
    const s = await scene({ creditLimit: 100_000 });
    const card = await s.issue();
    const ledgerRowOf = async (authorizationId: string) =>
      (await db.select().from(transactions).where(eq(transactions.authorizationId, authorizationId)))[0];

    const kept = await authorizePayment(s.deps, card.request({ amount: 4590 }));
    const unsettled = await ledgerRowOf(kept.id ?? "");
    expect(unsettled).toMatchObject({ transactionAmount: 4590, closedAt: null, transactionDate: start });
    // Unsettled rows count through their authorization, not twice.
    expect(await accountBalance(db, s.project.id, start)).toMatchObject({ used: 0, reserved: 4590 });
    await db
      .update(transactions)
      .set({ comments: "Fundur" })
      .where(eq(transactions.id, unsettled?.id ?? ""));
    await expect(refundPurchase(s.deps, { authorizationId: kept.id ?? "", amount: 1 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    const settled = await clearAuthorization(s.deps, { authorizationId: kept.id ?? "", amount: 4990 });
    expect(settled.transaction_id).toBe(unsettled?.id);
    expect(await ledgerRowOf(kept.id ?? "")).toMatchObject({ transactionAmount: 4990, comments: "Fundur" });
    expect((await ledgerRowOf(kept.id ?? ""))?.closedAt).not.toBeNull();
    expect(await accountBalance(db, s.project.id, start)).toMatchObject({ used: 4990, reserved: 0 });

    const dropped = await authorizePayment(s.deps, card.request({ amount: 1000 }));
    expect(await ledgerRowOf(dropped.id ?? "")).toBeDefined();
    await reverseAuthorization(s.deps, dropped.id ?? "");
    expect(await ledgerRowOf(dropped.id ?? "")).toBeUndefined();

    const declined = await authorizePayment(s.deps, card.request({ amount: 100_001 }));
    expect(declined.approved).toBe(false);
    expect(await ledgerRowOf(declined.id ?? "")).toBeUndefined();
  });

  it("refunds a settled purchase as a negative transaction, never beyond the purchase", async () => {
    const s = await scene();
    const card = await s.issue();
    const auth = await authorizePayment(s.deps, card.request({ amount: 1299, currency: "USD" }));
    const settled = await clearAuthorization(s.deps, { authorizationId: auth.id ?? "", amount: 1299 });
    expect(settled.amount_isk).toBe(1799);
    const part = await refundPurchase(s.deps, { authorizationId: auth.id ?? "", amount: 650 });
    expect(part.amount_isk).toBe(-900);
    const rest = await refundPurchase(s.deps, { transactionId: settled.transaction_id, amount: 649 });
    expect(rest.amount_isk).toBe(-899);
    await expect(refundPurchase(s.deps, { transactionId: settled.transaction_id, amount: 1 })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect((await accountBalance(db, s.project.id, start)).used).toBe(0);
  });

  it("answers NOT_FOUND for unknown ids", async () => {
    const s = await scene();
    const missing = "00000000-0000-4000-8000-000000000000";
    await expect(reverseAuthorization(s.deps, missing)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(clearAuthorization(s.deps, { authorizationId: missing, amount: 1 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(refundPurchase(s.deps, { transactionId: missing, amount: 1 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
