import { randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../../platform/db/client.ts";
import { authorizations } from "../../platform/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { authorizePayment, type PaymentAnswer } from "./authorize-payment.service.ts";
import { balanceDrift, createProcessorScene } from "./testing/processor-scene.ts";

/**
 * 200 authorizations at once on a pool of 10 connections: the card and project locks must make them take turns,
 * so the approved amounts never add up to more than the limit or the credit.
 */
let database: TestDatabase;
let pool: { db: Db; close(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
  pool = createDb(database.url, { max: 10 });
});
afterAll(async () => {
  await pool.close();
  await database.close();
});

const REQUESTS = 200;
const approvedSum = (answers: readonly PaymentAnswer[]) =>
  answers.filter((answer) => answer.approved).reduce((sum, answer) => sum + answer.amountIsk, 0);
const storedPending = async (column: "card_id" | "project_id", id: string) => {
  const [row] = await pool.db
    .select({ sum: sql<string>`coalesce(sum(${authorizations.amount}), 0)::bigint` })
    .from(authorizations)
    .where(sql`${sql.raw(column)} = ${id} and ${authorizations.status} = 'pending'`);
  return Number(row?.sum);
};

/** The running balances equal their recomputation from the raw rows (migration 0014_balances). */
const expectBalancesRecomputed = async (projectId: string) => {
  expect(await balanceDrift(pool.db, projectId)).toEqual([]);
};

describe("concurrent authorizations", () => {
  it("never approve more than one card's limit", async () => {
    const s = await createProcessorScene(pool.db, { now: () => new Date(), creditLimit: 100_000_000 });
    const limit = 50_000;
    const card = await s.issue({ sumAmount: limit, period: "DAILY" });
    const amounts = Array.from({ length: REQUESTS }, () => randomInt(100, 3000));
    const answers = await Promise.all(amounts.map((amount) => authorizePayment(s.deps, card.request({ amount }))));
    const approved = approvedSum(answers);
    expect(approved).toBeLessThanOrEqual(limit);
    // Turns were taken, not refused: the limit is nearly full, and every decline is the limit's.
    expect(approved).toBeGreaterThan(limit - 3000);
    expect(answers.filter((answer) => !answer.approved).every((answer) => answer.declineCode === "PERIOD_SUM")).toBe(
      true,
    );
    expect(await storedPending("card_id", card.id)).toBe(approved);
    const rows = await pool.db
      .select({ id: authorizations.id })
      .from(authorizations)
      .where(eq(authorizations.cardId, card.id));
    expect(rows).toHaveLength(REQUESTS);
    await expectBalancesRecomputed(s.project.id);
  });

  it("never approve more than one project's credit across its cards", async () => {
    const credit = 40_000;
    const s = await createProcessorScene(pool.db, { now: () => new Date(), creditLimit: credit });
    const cards = await Promise.all(Array.from({ length: 20 }, () => s.issue({ sumAmount: 1_000_000 })));
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, index) => {
        const card = cards[index % cards.length];
        if (!card) throw new Error("no card");
        return authorizePayment(s.deps, card.request({ amount: randomInt(100, 2000) }));
      }),
    );
    const approved = approvedSum(answers);
    expect(approved).toBeLessThanOrEqual(credit);
    expect(approved).toBeGreaterThan(credit - 2000);
    expect(await storedPending("project_id", s.project.id)).toBe(approved);
    await expectBalancesRecomputed(s.project.id);
  });
});
