import { utcDate } from "@kort/core";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../platform/db/client.ts";
import { authorizations, transactions } from "../../platform/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { authorizePayment } from "./authorize-payment.service.ts";
import { clearAuthorization, refundPurchase, reverseAuthorization } from "./settlement.service.ts";
import { clockAt, createProcessorScene } from "./testing/processor-scene.ts";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const start = utcDate(2026, 4, 15, 12);
const scene = async () => {
  const clock = clockAt(start);
  return { clock, ...(await createProcessorScene(db, { now: clock.now })) };
};
const authorizationsOf = (cardId: string) => db.select().from(authorizations).where(eq(authorizations.cardId, cardId));

describe("network retries of an authorization", () => {
  it("answer the stored decision, approved or declined, without deciding again", async () => {
    const s = await scene();
    const card = await s.issue({ sumAmount: 10_000 });
    const first = await authorizePayment(s.deps, card.request({ amount: 6_000, networkReference: "net-1" }));
    expect(first).toMatchObject({ approved: true, amountIsk: 6_000 });
    // Deciding again would decline (6.000 + 6.000 > 10.000); the retry answers the first decision.
    s.clock.set(new Date(start.getTime() + 60_000));
    expect(await authorizePayment(s.deps, card.request({ amount: 6_000, networkReference: "net-1" }))).toEqual(first);

    const declined = await authorizePayment(s.deps, card.request({ amount: 6_000, networkReference: "net-2" }));
    expect(declined).toMatchObject({ approved: false, declineCode: "PERIOD_SUM" });
    // With the first purchase reversed a new decision would approve; the retry still answers the decline.
    await reverseAuthorization(s.deps, first.id ?? "");
    expect(await authorizePayment(s.deps, card.request({ amount: 6_000, networkReference: "net-2" }))).toEqual(
      declined,
    );
    expect(await authorizationsOf(card.id)).toHaveLength(2);
  });

  it("create one authorization from 50 concurrent identical requests", async () => {
    const s = await scene();
    const card = await s.issue({ sumAmount: 1_000_000 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        authorizePayment(s.deps, card.request({ amount: 1_000, networkReference: "burst" })),
      ),
    );
    const rows = await authorizationsOf(card.id);
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.id))).toEqual(new Set([rows[0]?.id]));
    expect(answers.every((answer) => answer.approved)).toBe(true);
  });

  it("keep references per card, and refuse a reference reused for another amount", async () => {
    const s = await scene();
    const a = await s.issue();
    const b = await s.issue();
    const onA = await authorizePayment(s.deps, a.request({ networkReference: "shared" }));
    const onB = await authorizePayment(s.deps, b.request({ networkReference: "shared" }));
    expect(onA.id).not.toBe(onB.id);
    await expect(
      authorizePayment(s.deps, a.request({ amount: 2_000, networkReference: "shared" })),
    ).rejects.toMatchObject({
      code: "CONFLICT",
    });
    // Without a reference every request is its own.
    await authorizePayment(s.deps, a.request());
    await authorizePayment(s.deps, a.request());
    expect(await authorizationsOf(a.id)).toHaveLength(3);
  });
});

describe("retries of clearings and refunds", () => {
  it("clear once: the same clearing again answers the stored transaction, another amount is a conflict", async () => {
    const s = await scene();
    const card = await s.issue();
    const auth = await authorizePayment(s.deps, card.request({ amount: 5_000 }));
    const authorizationId = auth.id ?? "";
    const clearing = await clearAuthorization(s.deps, { authorizationId, amount: 4_500 });
    const again = await Promise.all([
      clearAuthorization(s.deps, { authorizationId, amount: 4_500 }),
      clearAuthorization(s.deps, { authorizationId, amount: 4_500 }),
    ]);
    expect(again).toEqual([clearing, clearing]);
    await expect(clearAuthorization(s.deps, { authorizationId, amount: 5_000 })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await db.select().from(transactions).where(eq(transactions.cardId, card.id))).toHaveLength(1);
  });

  it("refund once per network reference, also when the retries come together", async () => {
    const s = await scene();
    const card = await s.issue();
    const auth = await authorizePayment(s.deps, card.request({ amount: 5_000 }));
    const authorizationId = auth.id ?? "";
    await clearAuthorization(s.deps, { authorizationId, amount: 5_000 });
    const refund = () => refundPurchase(s.deps, { authorizationId, amount: 2_000, networkReference: "refund-1" });
    const answers = await Promise.all(Array.from({ length: 10 }, refund));
    expect(new Set(answers.map((answer) => answer.transaction_id)).size).toBe(1);
    expect(answers[0]).toMatchObject({ authorization_id: authorizationId, amount_isk: -2_000 });
    const refunds = await db
      .select()
      .from(transactions)
      .where(and(eq(transactions.cardId, card.id), eq(transactions.networkReference, "refund-1")));
    expect(refunds).toHaveLength(1);
    await expect(
      refundPurchase(s.deps, { authorizationId, amount: 1_000, networkReference: "refund-1" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    // A second refund with its own reference still fits (2.000 + 3.000 = 5.000).
    await refundPurchase(s.deps, { authorizationId, amount: 3_000, networkReference: "refund-2" });
  });
});
