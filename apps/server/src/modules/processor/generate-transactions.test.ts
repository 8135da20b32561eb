import { billingPeriodOf, DECLINE_CODES, utcDate } from "@kort/core";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../platform/db/client.ts";
import { authorizations, cardLimits, transactions } from "../../platform/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { createCardsScene, createCardsTestApp } from "../cards/testing/cards-scene.ts";
import { codeOf, graphqlFor, SCENE_ROLES } from "../teams/teams.fixtures.ts";
import { expireStaleAuthorizations } from "./authorization-expiry.service.ts";
import { seededRandom } from "./demo-merchants.ts";
import { generateTransactions } from "./generate-transactions.service.ts";
import { limitWindowStart } from "./periods.ts";
import { clockAt, createProcessorScene } from "./testing/processor-scene.ts";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

// Tuesday 3 November 2026: the current billing period began on 27 October.
const now = utcDate(2026, 10, 3, 15);
const longAgo = new Date(now.getTime() - 60 * 86_400_000);

/**
 * Every approved purchase kept its card's limit: the final amounts (cleared, or pending) of the card's approved,
 * unreversed purchases in the limit's window up to each purchase never exceed the limit's sum.
 */
const assertWithinLimits = async (cardIds: readonly string[]) => {
  const rows = await db
    .select({ auth: authorizations, settled: transactions.transactionAmount })
    .from(authorizations)
    .leftJoin(transactions, eq(transactions.authorizationId, authorizations.id))
    .where(inArray(authorizations.cardId, [...cardIds]));
  const limits = await db
    .select()
    .from(cardLimits)
    .where(inArray(cardLimits.cardId, [...cardIds]));
  for (const limit of limits) {
    const kept = rows.filter(
      (row) => row.auth.cardId === limit.cardId && row.auth.status !== "declined" && row.auth.status !== "reversed",
    );
    for (const { auth } of kept) {
      const from = limitWindowStart(limit.period, auth.createdAt).getTime();
      const inWindow = kept.filter(
        (row) => row.auth.createdAt.getTime() >= from && row.auth.createdAt.getTime() <= auth.createdAt.getTime(),
      );
      const sum = inWindow.reduce((total, row) => total + (row.settled ?? row.auth.amount), 0);
      expect(sum, `${limit.period} window of ${auth.createdAt.toISOString()}`).toBeLessThanOrEqual(limit.sumAmount);
      expect(auth.amount).toBeLessThanOrEqual(limit.singleAmount);
    }
  }
  return rows.map((row) => row.auth);
};

describe("generateTransactions", () => {
  it("drives the processor: approved, declined, cleared and pending rows that all kept the rules", async () => {
    const clock = clockAt(longAgo);
    const s = await createProcessorScene(db, { now: clock.now, creditLimit: 3_000_000 });
    const monthly = await s.issue({ sumAmount: 150_000, period: "MONTHLY" });
    const daily = await s.issue({ sumAmount: 20_000, period: "DAILY" });
    const software = await s.issue({ sumAmount: 120_000, period: "MONTHLY", cardType: "BUSINESS_EXPENSE" });
    clock.set(now);

    const result = await generateTransactions(s.deps, { projectId: s.project.id, count: 150, random: seededRandom(7) });
    expect(result.approved).toBeGreaterThan(0);
    expect(result.declined).toBeGreaterThan(0);
    expect(result.cleared).toBeGreaterThan(0);
    expect(result.approved).toBe(result.cleared + result.reversed + result.pending);

    const rows = await assertWithinLimits([monthly.id, daily.id, software.id]);
    expect(rows).toHaveLength(150);
    expect(rows.filter((row) => row.status === "declined")).toHaveLength(result.declined);
    expect(rows.filter((row) => row.status === "cleared")).toHaveLength(result.cleared);
    for (const row of rows.filter((r) => r.status === "declined")) {
      expect(DECLINE_CODES).toContain(row.declineCode);
    }
    // History spreads over the previous and the current billing period, never into the future.
    const periodStart = billingPeriodOf(now).from.getTime();
    expect(rows.some((row) => row.createdAt.getTime() < periodStart)).toBe(true);
    expect(rows.some((row) => row.createdAt.getTime() >= periodStart)).toBe(true);
    expect(rows.every((row) => row.createdAt.getTime() <= now.getTime())).toBe(true);
    // Foreign merchants keep their currency; subscription cards buy software.
    expect(rows.some((row) => row.originalCurrency !== "ISK")).toBe(true);
    const softwareMccs = new Set(rows.filter((row) => row.cardId === software.id).map((row) => row.mcc));
    expect([...softwareMccs].every((mcc) => ["4816", "5734", "4814", "6300"].includes(mcc))).toBe(true);
  });

  it("goes on when the expiry job released an authorization before the network's reversal came", async () => {
    const clock = clockAt(longAgo);
    const s = await createProcessorScene(db, { now: clock.now, creditLimit: 3_000_000 });
    const card = await s.issue({ sumAmount: 900_000, period: "MONTHLY" });
    clock.set(now);
    // Another server's expiry job between every two events: history is past-dated, so each authorization older
    // than the expiry age is expired before its clearing or reversal is posted.
    const racing: Db = new Proxy(db, {
      get: (target, key, receiver) =>
        key === "transaction"
          ? async (...args: Parameters<Db["transaction"]>) => {
              await expireStaleAuthorizations(db, now);
              return target.transaction(...args);
            }
          : Reflect.get(target, key, receiver),
    });

    const result = await generateTransactions(
      { ...s.deps, db: racing },
      { projectId: s.project.id, count: 120, random: seededRandom(5) },
    );
    expect(result.approved).toBe(result.cleared + result.reversed + result.pending);
    const rows = await db.select().from(authorizations).where(eq(authorizations.cardId, card.id));
    const calledOff = rows.filter((row) => row.status === "expired");
    expect(calledOff.length).toBeGreaterThan(0);
    // Called off either way: no reservation and no purchase in the ledger for them.
    const ledger = await db
      .select({ authorizationId: transactions.authorizationId })
      .from(transactions)
      .where(
        inArray(
          transactions.authorizationId,
          calledOff.map((row) => row.id),
        ),
      );
    expect(ledger).toEqual([]);
  });

  it("uses only the cards asked for, of the caller's company", async () => {
    const clock = clockAt(longAgo);
    const s = await createProcessorScene(db, { now: clock.now });
    const chosen = await s.issue();
    const other = await s.issue();
    clock.set(now);
    await generateTransactions(s.deps, { projectId: s.project.id, cardIds: [chosen.id], count: 10 });
    const rows = await db
      .select()
      .from(authorizations)
      .where(inArray(authorizations.cardId, [chosen.id, other.id]));
    expect(rows.map((row) => row.cardId)).toEqual(Array(10).fill(chosen.id));

    const elsewhere = await createProcessorScene(db, { now: clock.now, key: s.key });
    await expect(
      generateTransactions(s.deps, { projectId: elsewhere.project.id, cardIds: [chosen.id], count: 1 }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("generate_transactions over GraphQL", () => {
  it("is for project owners only", async () => {
    const { t, key } = await createCardsTestApp();
    try {
      const scene = await createCardsScene(t.db, key);
      const card = await scene.issue();
      const gql = graphqlFor(t);
      const mutation =
        "mutation($ids: [ID!], $n: Int) { generate_transactions(card_ids: $ids, count: $n) { approved declined cleared reversed pending } }";
      for (const role of SCENE_ROLES) {
        const body = await gql<{ generate_transactions: { approved: number; declined: number } }>(
          mutation,
          scene[role].headers,
          { ids: [card.id], n: 5 },
        );
        if (role === "owner") {
          expect(body.errors).toBeUndefined();
          const counts = body.data?.generate_transactions;
          expect((counts?.approved ?? 0) + (counts?.declined ?? 0)).toBe(5);
        } else {
          expect(codeOf(body), role).toBe("ACCESS_DENIED");
        }
      }
      const invalid = await gql(mutation, scene.owner.headers, { n: 0 });
      expect(codeOf(invalid)).toBe("VALIDATION_FAILED");
    } finally {
      await t.close();
    }
  });
});
