import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../../platform/db/client.ts";
import { authorizations, transactions } from "../../platform/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { authorizePayment, type PaymentAnswer, type ProcessorDeps } from "./authorize-payment.service.ts";
import { decisionStatesSql } from "./balances.repo.ts";
import { balanceDrift, createProcessorScene, testCardKey } from "./testing/processor-scene.ts";

/**
 * Decisions in batches (docs/balances.md, "Batches"): one company's waiting requests are decided in arrival order
 * in one transaction with one commit, one batch in flight per company and process. These run real requests on a
 * pool of 10 connections; "two processes" are two pools with a batcher each, on one database.
 */
let database: TestDatabase;
let pool: { db: Db; close(): Promise<void> };
let other: { db: Db; close(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
  pool = createDb(database.url, { max: 10 });
  other = createDb(database.url, { max: 10 });
});
afterAll(async () => {
  await pool.close();
  await other.close();
  await database.close();
});

/**
 * The processor's dependencies on `db`, counting the connections it takes from the pool: each batch is one
 * transaction on one connection with one commit (and the first request's card lookup takes one more).
 */
const counted = (deps: ProcessorDeps, db: Db = deps.db) => {
  const tally = { transactions: 0 };
  const pool: Db["$client"] = Object.create(db.$client);
  pool.connect = ((...args: Parameters<Db["$client"]["connect"]>) => {
    tally.transactions += 1;
    return (db.$client.connect as (...a: unknown[]) => unknown)(...args);
  }) as Db["$client"]["connect"];
  const wrapped: Db = Object.create(db);
  wrapped.$client = pool;
  return { deps: { ...deps, db: wrapped }, tally };
};

const approvedSum = (answers: readonly PaymentAnswer[]) =>
  answers.filter((answer) => answer.approved).reduce((sum, answer) => sum + answer.amountIsk, 0);

/** The running balances equal their recomputation from the raw rows (migration 0014_balances). */
const expectBalancesRecomputed = async (projectId: string) => {
  expect(await balanceDrift(pool.db, projectId)).toEqual([]);
};

const sceneOn = (db: Db, creditLimit = 100_000_000) => createProcessorScene(db, { now: () => new Date(), creditLimit });

describe("decision batches", () => {
  it("decide in arrival order, several requests to a commit", async () => {
    const s = await sceneOn(pool.db);
    const card = await s.issue({ sumAmount: 11_000, period: "DAILY" });
    const { deps, tally } = counted(s.deps);
    // The first request finds the card (kept afterwards), so the rest reach the company's queue in call order.
    expect(await authorizePayment(deps, card.request({ amount: 1_000 }))).toMatchObject({ approved: true });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        authorizePayment(deps, card.request({ amount: 2_000, networkReference: `order-${index}` })),
      ),
    );
    // 10.000 kr were left: the first five in arrival order take them, whatever batch each fell in.
    expect(answers.map((answer) => answer.approved)).toEqual(Array.from({ length: 40 }, (_, index) => index < 5));
    expect(answers.slice(5).every((answer) => answer.declineCode === "PERIOD_SUM")).toBe(true);
    // 41 decisions, far fewer commits: what waited while a batch committed went together.
    expect(tally.transactions).toBeLessThan(20);
    const stored = await pool.db
      .select({ id: authorizations.id, status: authorizations.status })
      .from(authorizations)
      .where(eq(authorizations.cardId, card.id));
    expect(stored).toHaveLength(41);
    const ledger = await pool.db.select().from(transactions).where(eq(transactions.cardId, card.id));
    expect(ledger.map((row) => row.authorizationId).sort()).toEqual(
      stored
        .filter((row) => row.status === "pending")
        .map((row) => row.id)
        .sort(),
    );
    await expectBalancesRecomputed(s.project.id);
  });

  it("fail only the bad request of a batch: its batch-mates are decided and stored", async () => {
    const s = await sceneOn(pool.db);
    const card = await s.issue({ sumAmount: 1_000_000 });
    const { deps, tally } = counted(s.deps);
    await authorizePayment(deps, card.request());
    const before = tally.transactions;
    const settled = await Promise.allSettled([
      ...Array.from({ length: 5 }, (_, index) =>
        authorizePayment(deps, card.request({ networkReference: `ok-${index}` })),
      ),
      // PostgreSQL refuses a NUL in text: the batch's transaction fails, and its requests are decided again singly.
      authorizePayment(deps, card.request({ merchantName: "Bónus\u0000", networkReference: "bad" })),
      // The same reference for another amount is a network error of that request alone, inside the batch.
      authorizePayment(deps, card.request({ amount: 3_000, networkReference: "ok-0" })),
      ...Array.from({ length: 5 }, (_, index) =>
        authorizePayment(deps, card.request({ networkReference: `ok-${index + 5}` })),
      ),
    ]);
    expect(settled.map((result) => result.status)).toEqual([
      ...Array.from({ length: 5 }, () => "fulfilled"),
      "rejected",
      "rejected",
      ...Array.from({ length: 5 }, () => "fulfilled"),
    ]);
    expect(settled[6]).toMatchObject({ status: "rejected", reason: { code: "CONFLICT" } });
    for (const result of settled) {
      if (result.status === "fulfilled") expect(result.value.approved).toBe(true);
    }
    // The failed batch was run again request by request: more transactions than batches alone would need.
    expect(tally.transactions - before).toBeGreaterThan(2);
    const stored = await pool.db.select().from(authorizations).where(eq(authorizations.cardId, card.id));
    expect(stored.map((row) => row.networkReference).sort()).toEqual(
      [null, ...Array.from({ length: 10 }, (_, index) => `ok-${index}`)].sort(),
    );
    await expectBalancesRecomputed(s.project.id);
  });

  it("answer every copy of a retried request in one batch with the one decision", async () => {
    const s = await sceneOn(pool.db);
    const card = await s.issue({ sumAmount: 1_000_000 });
    await authorizePayment(s.deps, card.request());
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        authorizePayment(s.deps, card.request({ amount: 2_500, networkReference: `retry-${index % 3}` })),
      ),
    );
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(3);
    const stored = await pool.db.select().from(authorizations).where(eq(authorizations.cardId, card.id));
    expect(stored).toHaveLength(4);
    await expectBalancesRecomputed(s.project.id);
  });

  it("store a batch's texts exactly as the network sent them, quotes and backslashes included", async () => {
    // A batch's statements carry their values as quoted literals (platform/db/sql-literal.ts), the rows as JSON.
    const s = await sceneOn(pool.db);
    const card = await s.issue({ sumAmount: 1_000_000 });
    await authorizePayment(s.deps, card.request());
    const names = [`Kaffi "Mokka" O'Hara`, "C:\\kassi\\1 'ég'", "Þ\\'\\\\\"", "Bónus 😀"];
    const answers = await Promise.all(
      names.map((merchantName, index) =>
        authorizePayment(s.deps, card.request({ merchantName, networkReference: `${merchantName}-${index}` })),
      ),
    );
    expect(answers.every((answer) => answer.approved)).toBe(true);
    const stored = await pool.db
      .select({ name: authorizations.merchantName, reference: authorizations.networkReference })
      .from(authorizations)
      .where(eq(authorizations.cardId, card.id));
    expect(stored.filter((row) => row.reference !== null).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      names
        .map((name, index) => ({ name, reference: `${name}-${index}` }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it("decide several companies' waiting requests in shared batches, each company's credit its own", async () => {
    // One process: one clock and one card key for both companies.
    const now = () => new Date();
    const key = testCardKey();
    const a = await createProcessorScene(pool.db, { now, key, creditLimit: 5_000 });
    const b = await createProcessorScene(pool.db, { now, key, creditLimit: 7_000 });
    const cardA = await a.issue({ sumAmount: 1_000_000 });
    const cardB = await b.issue({ sumAmount: 1_000_000 });
    const { deps, tally } = counted(a.deps);
    // Both cards found first (kept afterwards), so the rest reach the queue in call order.
    await authorizePayment(deps, cardA.request({ amount: 1_000 }));
    await authorizePayment(deps, cardB.request({ amount: 1_000 }));
    const before = tally.transactions;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        authorizePayment(deps, (index % 2 === 0 ? cardA : cardB).request({ amount: 1_000 })),
      ),
    );
    // A had 4.000 kr. left and B 6.000 kr.: the first four of A's and six of B's, in arrival order.
    const approvedOf = (parity: number) =>
      answers.filter((_, index) => index % 2 === parity).map((answer) => answer.approved);
    expect(approvedOf(0)).toEqual(Array.from({ length: 20 }, (_, index) => index < 4));
    expect(approvedOf(1)).toEqual(Array.from({ length: 20 }, (_, index) => index < 6));
    expect(
      answers.filter((answer) => !answer.approved).every((answer) => answer.declineCode === "INSUFFICIENT_CREDIT"),
    ).toBe(true);
    // 40 decisions of two companies in far fewer transactions than one per company per request.
    expect(tally.transactions - before).toBeLessThan(10);
    await expectBalancesRecomputed(a.project.id);
    await expectBalancesRecomputed(b.project.id);
  });

  it("keep one card's limit with 200 concurrent requests from two processes", async () => {
    const s = await sceneOn(pool.db);
    const limit = 50_000;
    const card = await s.issue({ sumAmount: limit, period: "DAILY" });
    const processes = [counted(s.deps, pool.db), counted({ ...s.deps, db: other.db })];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        authorizePayment(processes[index % 2]?.deps ?? s.deps, card.request({ amount: randomInt(100, 3000) })),
      ),
    );
    const approved = approvedSum(answers);
    expect(approved).toBeLessThanOrEqual(limit);
    expect(approved).toBeGreaterThan(limit - 3000);
    expect(answers.filter((answer) => !answer.approved).every((answer) => answer.declineCode === "PERIOD_SUM")).toBe(
      true,
    );
    // Both processes batched.
    for (const process of processes) expect(process.tally.transactions).toBeLessThan(100);
    await expectBalancesRecomputed(s.project.id);
  });

  it("keep one company's credit with 200 concurrent requests across 20 cards from two processes", async () => {
    const credit = 40_000;
    const s = await sceneOn(pool.db, credit);
    const cards = await Promise.all(Array.from({ length: 20 }, () => s.issue({ sumAmount: 1_000_000 })));
    const processes = [s.deps, { ...s.deps, db: other.db }];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => {
        const card = cards[index % cards.length];
        if (!card) throw new Error("no card");
        return authorizePayment(processes[index % 2] ?? s.deps, card.request({ amount: randomInt(100, 2000) }));
      }),
    );
    const approved = approvedSum(answers);
    expect(approved).toBeLessThanOrEqual(credit);
    expect(approved).toBeGreaterThan(credit - 2000);
    expect(
      answers.filter((answer) => !answer.approved).every((answer) => answer.declineCode === "INSUFFICIENT_CREDIT"),
    ).toBe(true);
    await expectBalancesRecomputed(s.project.id);
  });

  it("keep each company's credit and retries when batches of two processes mix four companies", async () => {
    // One clock and one card key: the four companies share each process's batches, read by one statement a batch.
    const now = () => new Date();
    const key = testCardKey();
    const credit = 20_000;
    const companies = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const scene = await createProcessorScene(pool.db, { now, key, creditLimit: credit });
        const cards = await Promise.all(Array.from({ length: 5 }, () => scene.issue({ sumAmount: 1_000_000 })));
        return { scene, cards };
      }),
    );
    const deps = companies[0]?.scene.deps;
    if (!deps) throw new Error("no company");
    const processes = [counted(deps, pool.db), counted({ ...deps, db: other.db })];
    // Every request twice under one network reference, from the two processes: one decision each.
    const requests = Array.from({ length: 120 }, (_, index) => {
      const company = companies[index % companies.length];
      const card = company?.cards[Math.floor(index / companies.length) % company.cards.length];
      if (!company || !card) throw new Error("no card");
      return { company, request: card.request({ amount: randomInt(100, 2000), networkReference: `mixed-${index}` }) };
    });
    const answers = await Promise.all(
      requests.flatMap(({ request }) => processes.map((process) => authorizePayment(process.deps, request))),
    );
    for (const [index, answer] of answers.entries()) {
      if (index % 2 === 1) expect(answer).toEqual(answers[index - 1]);
    }
    for (const company of companies) {
      const mine = answers.filter((_, index) => requests[Math.floor(index / 2)]?.company === company);
      const approved = approvedSum(mine.filter((_, index) => index % 2 === 0));
      expect(approved).toBeLessThanOrEqual(credit);
      expect(approved).toBeGreaterThan(credit - 2000);
      expect(mine.filter((answer) => !answer.approved).every((a) => a.declineCode === "INSUFFICIENT_CREDIT")).toBe(
        true,
      );
      const [row] = await pool.db
        .select({ reserved: sql<number>`coalesce(sum(${authorizations.amount}), 0)::bigint` })
        .from(authorizations)
        .where(and(eq(authorizations.projectId, company.scene.project.id), eq(authorizations.status, "pending")));
      expect(Number(row?.reserved)).toBe(approved);
      await expectBalancesRecomputed(company.scene.project.id);
    }
    // Shared batches: far fewer transactions than requests.
    for (const process of processes) expect(process.tally.transactions).toBeLessThan(requests.length);
  });

  it("lock company by company in id order, a company's cards before its row, in the batch's one read", async () => {
    // The order every settlement and every process's batch shares (card before company), so none waits in a circle.
    const scenes = await Promise.all([sceneOn(pool.db), sceneOn(pool.db)]);
    scenes.sort((a, b) => (a.project.id < b.project.id ? -1 : 1));
    const [first, second] = await Promise.all(
      scenes.map(async (scene) => ({ ...(await scene.issue()), projectId: scene.project.id })),
    );
    if (!first || !second) throw new Error("no card");
    const [holder, batch, probe] = await Promise.all([1, 2, 3].map(() => pool.db.$client.connect()));
    if (!holder || !batch || !probe) throw new Error("no connection");
    const lockable = async (cardId: string) => {
      await probe.query("begin");
      try {
        await probe.query("select 1 from cards where id = $1 for no key update nowait", [cardId]);
        return true;
      } catch {
        return false;
      } finally {
        await probe.query("rollback");
      }
    };
    try {
      // The first company's row is held elsewhere: the batch's read waits there.
      await holder.query("begin");
      await holder.query("select 1 from projects where id = $1 for no key update", [first.projectId]);
      const [waiting] = (await batch.query<{ pid: number }>("select pg_backend_pid() as pid")).rows;
      await batch.query("begin");
      const read = batch.query(
        decisionStatesSql(
          [second, first].map((card) => ({ projectId: card.projectId, cardId: card.id })),
          [],
          new Date(),
        ),
      );
      await expect
        .poll(async () => {
          const activity = await probe.query("select wait_event_type from pg_stat_activity where pid = $1", [
            waiting?.pid,
          ]);
          return activity.rows[0]?.wait_event_type;
        })
        .toBe("Lock");
      // It holds the first company's card and has not yet taken the second company's.
      expect(await lockable(first.id)).toBe(false);
      expect(await lockable(second.id)).toBe(true);
      await holder.query("commit");
      const state = (await read).rows[0]?.state;
      expect(Object.keys(state).sort()).toEqual([first.projectId, second.projectId]);
      // Now both companies' cards are its until it ends.
      expect(await lockable(second.id)).toBe(false);
      await batch.query("rollback");
    } finally {
      // A failed assertion leaves transactions open: end them before the connections go back to the pool.
      for (const client of [holder, batch, probe]) {
        await client.query("rollback").catch(() => undefined);
        client.release();
      }
    }
  });

  it("keep a team's limit across the team's cards within one batch, from two processes", async () => {
    const s = await sceneOn(pool.db);
    const teamLimit = 30_000;
    await s.setTeamLimits({ maxDailyLimit: teamLimit });
    const cards = await Promise.all(Array.from({ length: 10 }, () => s.issue({ sumAmount: 1_000_000 })));
    const processes = [counted(s.deps, pool.db), counted({ ...s.deps, db: other.db })];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => {
        const card = cards[index % cards.length];
        if (!card) throw new Error("no card");
        return authorizePayment(processes[index % 2]?.deps ?? s.deps, card.request({ amount: randomInt(100, 1000) }));
      }),
    );
    const approved = approvedSum(answers);
    expect(approved).toBeLessThanOrEqual(teamLimit);
    expect(approved).toBeGreaterThan(teamLimit - 1000);
    expect(answers.filter((answer) => !answer.approved).every((answer) => answer.declineCode === "TEAM_LIMIT")).toBe(
      true,
    );
    // The requests were batched: batches held several of the team's cards.
    for (const process of processes) expect(process.tally.transactions).toBeLessThan(100);
    await expectBalancesRecomputed(s.project.id);
  });

  it("plan the decision's two statements once per connection (migration 0030_decision_generic_plans)", async () => {
    // A CREATE OR REPLACE without the setting would drop it silently, and every decision would plan its read again.
    const { rows } = await pool.db.$client.query<{ name: string; config: string[] | null }>(
      `select proname as name, proconfig as config from pg_proc
        where proname in ('kort_decision_states', 'kort_insert_decisions') order by proname`,
    );
    expect(rows).toEqual([
      { name: "kort_decision_states", config: ["plan_cache_mode=force_generic_plan"] },
      { name: "kort_insert_decisions", config: ["plan_cache_mode=force_generic_plan"] },
    ]);
  });
});
