import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../../platform/db/client.ts";
import {
  auditLog,
  authorizations,
  cards,
  notifications,
  projects,
  transactions,
} from "../../platform/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { addMember, createUser } from "../../platform/http/testing/fixtures.ts";
import { ledgerRow, ruleViolationsOf } from "../transactions/ledger.service.ts";
import { expireStaleAuthorizations } from "./authorization-expiry.service.ts";
import { authorizePayment } from "./authorize-payment.service.ts";
import { accountBalance } from "./balance.service.ts";
import { clearAuthorization, refundPurchase, reverseAuthorization } from "./settlement.service.ts";
import { clockAt, createProcessorScene } from "./testing/processor-scene.ts";

/**
 * The running balances (migration 0014_balances) against the raw rows they summarise: after random sequences of
 * every event that moves them, sequential and concurrent, the stored rows equal the recomputation
 * (kort_spend_balances_from_ledger, kort_credit_balances_from_ledger).
 */
let database: TestDatabase;
let pool: { db: Db; close(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
  pool = createDb(database.url, { max: 8 });
});
afterAll(async () => {
  await pool.close();
  await database.close();
});

type Row = Record<string, unknown>;
const canonical = (rows: readonly Row[]) =>
  rows.map((row) => JSON.stringify(Object.values(row).map((value) => String(value)))).sort();

/** Stored balance rows that are not zero, and the recomputation, as sorted lists of strings. */
const balancesOf = async (db: Db, projectId: string) => {
  const stored = await db.execute(sql`
    select project_id, owner_id, kind, starts_at, atm_sum, atm_count, retail_sum, retail_count from spend_balances
     where project_id = ${projectId} and (atm_sum <> 0 or atm_count <> 0 or retail_sum <> 0 or retail_count <> 0)`);
  const recomputed = await db.execute(sql`select * from kort_spend_balances_from_ledger(${projectId})`);
  const storedCredit = await db.execute(sql`
    select project_id, period_start, settled, reserved from credit_balances
     where project_id = ${projectId} and (settled <> 0 or reserved <> 0)`);
  const recomputedCredit = await db.execute(sql`select * from kort_credit_balances_from_ledger(${projectId})`);
  return {
    stored: [...canonical(stored.rows), ...canonical(storedCredit.rows)],
    recomputed: [...canonical(recomputed.rows), ...canonical(recomputedCredit.rows)],
  };
};

type Event =
  | { kind: "authorize"; card: number; amount: number; atm: boolean; usd: boolean }
  | { kind: "reverse"; pick: number }
  | { kind: "clear"; pick: number; permille: number }
  | { kind: "refund"; pick: number; permille: number }
  | { kind: "moveTeam"; pick: number }
  | { kind: "expire" }
  | { kind: "wait"; minutes: number };

const eventArbitrary: fc.Arbitrary<Event> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("authorize" as const),
      card: fc.nat(2),
      amount: fc.integer({ min: 1, max: 40_000 }),
      atm: fc.boolean(),
      usd: fc.boolean(),
    }),
    weight: 5,
  },
  { arbitrary: fc.record({ kind: fc.constant("reverse" as const), pick: fc.nat() }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant("clear" as const),
      pick: fc.nat(),
      permille: fc.integer({ min: 0, max: 3000 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("refund" as const),
      pick: fc.nat(),
      permille: fc.integer({ min: 1, max: 1000 }),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant("moveTeam" as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.constant({ kind: "expire" as const }), weight: 1 },
  // Up to three days at a time, so sequences cross hours, days, Monday weeks and the 27th.
  {
    arbitrary: fc.record({ kind: fc.constant("wait" as const), minutes: fc.integer({ min: 1, max: 4320 }) }),
    weight: 2,
  },
);

/** Runs a sequence of events against one new company; a group of events runs concurrently when `concurrent`. */
const runScenario = async (db: Db, groups: readonly (readonly Event[])[]) => {
  const clock = clockAt(new Date("2026-03-25T21:30:00Z"));
  const s = await createProcessorScene(db, { now: clock.now, creditLimit: 200_000 });
  const [otherTeam] = await db
    .execute(sql`
    insert into teams (project_id, name, account_code) values (${s.project.id}, ${`Önnur ${Math.random()}`}, '200')
    returning id`)
    .then((result) => result.rows as { id: string }[]);
  const issued = [
    await s.issue({ sumAmount: 60_000, period: "DAILY" }),
    await s.issue({ sumAmount: 90_000, period: "SLIDING_24H" }),
    await s.issue({ sumAmount: 150_000, period: "WEEKLY", teamId: null }),
  ];
  const pick = async <T>(rows: readonly T[], index: number): Promise<T | undefined> =>
    rows[index % Math.max(1, rows.length)];
  const pending = () =>
    db
      .select({ id: authorizations.id, amount: authorizations.originalAmount })
      .from(authorizations)
      .where(and(eq(authorizations.projectId, s.project.id), sql`${authorizations.status} in ('pending', 'expired')`))
      .orderBy(authorizations.id);
  const settled = () =>
    db
      .select({ id: transactions.id, amount: transactions.originalAmount })
      .from(transactions)
      .where(and(eq(transactions.projectId, s.project.id), sql`closed_at is not null and original_amount > 0`))
      .orderBy(transactions.id);
  const run = async (event: Event): Promise<void> => {
    switch (event.kind) {
      case "authorize": {
        const card = issued[event.card];
        if (!card) return;
        await authorizePayment(
          s.deps,
          card.request({
            amount: event.amount,
            currency: event.usd ? "USD" : "ISK",
            mcc: event.atm ? "6011" : "5411",
          }),
        );
        return;
      }
      case "reverse": {
        const row = await pick(await pending(), event.pick);
        if (row) await reverseAuthorization(s.deps, row.id).catch(() => undefined);
        return;
      }
      case "clear": {
        const row = await pick(await pending(), event.pick);
        const amount = row ? Math.max(1, Math.floor((row.amount * event.permille) / 1000)) : 0;
        if (row) await clearAuthorization(s.deps, { authorizationId: row.id, amount }).catch(() => undefined);
        return;
      }
      case "refund": {
        const row = await pick(await settled(), event.pick);
        const amount = row ? Math.max(1, Math.floor((row.amount * event.permille) / 1000)) : 0;
        if (row) await refundPurchase(s.deps, { transactionId: row.id, amount }).catch(() => undefined);
        return;
      }
      case "moveTeam": {
        // What the ledger's set-team does to a transaction: the team's balances follow it.
        const row = await pick(await settled(), event.pick);
        if (row && otherTeam) {
          await db.update(transactions).set({ teamId: otherTeam.id }).where(eq(transactions.id, row.id));
        }
        return;
      }
      case "expire":
        await expireStaleAuthorizations(db, clock.now());
        return;
      case "wait":
        clock.set(new Date(clock.now().getTime() + event.minutes * 60_000));
        return;
    }
  };
  for (const group of groups) await Promise.all(group.map(run));
  const { stored, recomputed } = await balancesOf(db, s.project.id);
  expect(stored).toEqual(recomputed);
  return s;
};

describe("running balances", () => {
  it("equal the recomputation from the raw rows after random sequences of events", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArbitrary, { minLength: 10, maxLength: 40 }), async (events) => {
        await runScenario(
          pool.db,
          events.map((event) => [event]),
        );
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it("equal the recomputation after concurrent events", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(eventArbitrary, { minLength: 2, maxLength: 10 }), { minLength: 3, maxLength: 6 }),
        async (groups) => {
          await runScenario(pool.db, groups);
        },
      ),
      { numRuns: 10 },
    );
  }, 120_000);

  it("release an expired authorization's reservation and its ledger row; a late reversal is answered, a late clearing posts", async () => {
    const clock = clockAt(new Date("2026-05-02T10:00:00Z"));
    const s = await createProcessorScene(pool.db, { now: clock.now, creditLimit: 100_000 });
    const card = await s.issue({ sumAmount: 50_000, period: "MONTHLY" });
    const answer = await authorizePayment(s.deps, card.request({ amount: 30_000 }));
    const id = answer.id ?? "";
    expect(await accountBalance(pool.db, s.project.id, clock.now())).toMatchObject({ reserved: 30_000 });
    const statusOf = async () =>
      (await pool.db.select().from(authorizations).where(eq(authorizations.id, id)))[0]?.status;
    // The job runs across companies (other tests' rows expire too), so this one's row is what is checked.
    clock.set(new Date("2026-05-09T09:59:59Z"));
    await expireStaleAuthorizations(pool.db, clock.now());
    expect(await statusOf()).toBe("pending");
    clock.set(new Date("2026-05-09T10:00:01Z"));
    await expireStaleAuthorizations(pool.db, clock.now());
    expect(await statusOf()).toBe("expired");
    expect(await pool.db.select().from(transactions).where(eq(transactions.authorizationId, id))).toHaveLength(0);
    expect(await accountBalance(pool.db, s.project.id, clock.now())).toMatchObject({ reserved: 0, used: 0 });
    // The network's late reversal is answered, not refused, and releases nothing twice.
    expect(await reverseAuthorization(s.deps, id)).toEqual({ id, status: "expired" });
    expect(await statusOf()).toBe("expired");
    expect(await accountBalance(pool.db, s.project.id, clock.now())).toMatchObject({ reserved: 0, used: 0 });
    // The card's limit is free again.
    expect((await authorizePayment(s.deps, card.request({ amount: 40_000 }))).approved).toBe(true);
    await clearAuthorization(s.deps, { authorizationId: id, amount: 30_000 });
    expect(await accountBalance(pool.db, s.project.id, clock.now())).toMatchObject({ used: 30_000, reserved: 40_000 });
    const { stored, recomputed } = await balancesOf(pool.db, s.project.id);
    expect(stored).toEqual(recomputed);
  });

  it("hold a hotel's or a car rental's authorization for 31 days, every other for 7", async () => {
    const clock = clockAt(new Date("2026-06-01T10:00:00Z"));
    const s = await createProcessorScene(pool.db, { now: clock.now, creditLimit: 1_000_000 });
    const card = await s.issue({ sumAmount: 500_000, period: "MONTHLY" });
    const held = async (mcc: string) =>
      (await authorizePayment(s.deps, card.request({ amount: 20_000, mcc }))).id ?? "";
    const ids = {
      grocery: await held("5411"),
      hotel: await held("7011"),
      chain: await held("3650"),
      rental: await held("3400"),
    };
    const statuses = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(ids).map(async ([name, id]) => {
            const [row] = await pool.db.select().from(authorizations).where(eq(authorizations.id, id));
            return [name, row?.status] as const;
          }),
        ),
      );
    clock.set(new Date("2026-06-08T10:00:01Z"));
    await expireStaleAuthorizations(pool.db, clock.now());
    expect(await statuses()).toEqual({ grocery: "expired", hotel: "pending", chain: "pending", rental: "pending" });
    // The stays' and the rental's reservations still count against the credit: 60.000 kr. of the 80.000 kr.
    expect(await accountBalance(pool.db, s.project.id, clock.now())).toMatchObject({ reserved: 60_000 });
    clock.set(new Date("2026-07-02T09:59:59Z"));
    await expireStaleAuthorizations(pool.db, clock.now());
    expect(await statuses()).toEqual({ grocery: "expired", hotel: "pending", chain: "pending", rental: "pending" });
    clock.set(new Date("2026-07-02T10:00:01Z"));
    await expireStaleAuthorizations(pool.db, clock.now());
    expect(await statuses()).toEqual({ grocery: "expired", hotel: "expired", chain: "expired", rental: "expired" });
    expect(await accountBalance(pool.db, s.project.id, clock.now())).toMatchObject({ reserved: 0 });
    const audited = await pool.db
      .select({ objectId: auditLog.objectId, data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.projectId, s.project.id), eq(auditLog.action, "authorization.expire")));
    const daysOf = new Map(audited.map((row) => [row.objectId, (row.data as { days: number }).days]));
    expect([ids.grocery, ids.hotel, ids.rental].map((id) => daysOf.get(id))).toEqual([7, 31, 31]);
  });

  it("post a clearing far above its authorization, flag it, lock the card and tell the owners", async () => {
    const clock = clockAt(new Date("2026-05-02T10:00:00Z"));
    const s = await createProcessorScene(pool.db, { now: clock.now, creditLimit: 1_000_000 });
    const card = await s.issue({ sumAmount: 100_000, period: "MONTHLY" });
    const small = await authorizePayment(s.deps, card.request({ amount: 1_000 }));
    const tip = await authorizePayment(s.deps, card.request({ amount: 10_000 }));
    // Within the tolerance (5.000 kr above): posted quietly.
    const quiet = await clearAuthorization(s.deps, { authorizationId: tip.id ?? "", amount: 15_000 });
    const [quietRow] = await pool.db.select().from(transactions).where(eq(transactions.id, quiet.transaction_id));
    expect(quietRow?.captureExcess).toBeNull();
    const big = await clearAuthorization(s.deps, { authorizationId: small.id ?? "", amount: 5_000_000 });
    expect(big.amount_isk).toBe(5_000_000);
    const [flagged] = await pool.db.select().from(transactions).where(eq(transactions.id, big.transaction_id));
    expect(flagged?.captureExcess).toBe(4_999_000);
    // The ledger shows it as a rule the transaction breaks; the quiet one breaks no such rule.
    const rules = { projectId: s.project.id, now: clock.now() };
    const ledgerOf = async (id: string) => {
      const row = await ledgerRow(pool.db, s.project.id, id, rules);
      return row ? ruleViolationsOf(row).map((violation) => violation.rule_id) : undefined;
    };
    expect(await ledgerOf(big.transaction_id)).toContain("CaptureExcess");
    expect(await ledgerOf(quiet.transaction_id)).not.toContain("CaptureExcess");
    const [locked] = await pool.db.select({ status: cards.status }).from(cards).where(eq(cards.id, card.id));
    expect(locked?.status).toBe("LOCKED");
    const sent = await pool.db.select().from(notifications).where(eq(notifications.projectId, s.project.id));
    expect(sent.map((n) => [n.userId, n.kind])).toEqual([[s.owner.id, "card.capture_over_authorization"]]);
    // The overdraft shows as it is.
    expect(await accountBalance(pool.db, s.project.id, clock.now())).toEqual({
      creditLimit: 1_000_000,
      used: 5_015_000,
      reserved: 0,
      deposited: 0,
      available: -4_015_000,
    });
    expect((await authorizePayment(s.deps, card.request({ amount: 100 }))).declineCode).toBe("CARD_NOT_ACTIVE");
  });

  it("tell the holder of a card locked for review, once, and an owner holding it only as an owner", async () => {
    const clock = clockAt(new Date("2026-05-02T10:00:00Z"));
    const s = await createProcessorScene(pool.db, { now: clock.now, creditLimit: 1_000_000 });
    const holder = await createUser(pool.db, "Korthafi Prófsson");
    await addMember(pool.db, s.project.id, holder.id, "user");
    const card = await s.issue({ sumAmount: 500_000, period: "MONTHLY" });
    await pool.db.update(cards).set({ cardholderId: holder.id }).where(eq(cards.id, card.id));
    const first = await authorizePayment(s.deps, card.request({ amount: 1_000 }));
    const big = await clearAuthorization(s.deps, { authorizationId: first.id ?? "", amount: 60_000 });
    const noticesOf = async () =>
      (await pool.db.select().from(notifications).where(eq(notifications.projectId, s.project.id)))
        .map((n) => [n.userId, n.kind, n.payload] as const)
        .sort(([a], [b]) => a.localeCompare(b));
    const expected = [
      [
        holder.id,
        "card.locked_for_review",
        { transaction_id: big.transaction_id, card_id: card.id, excess_isk: 59_000 },
      ],
      [s.owner.id, "card.capture_over_authorization", expect.objectContaining({ card_locked: true })],
    ].sort(([a], [b]) => String(a).localeCompare(String(b)));
    expect(await noticesOf()).toEqual(expected);
    // The card is locked already: a second over-capture tells the owners, not the holder again.
    await pool.db.update(cards).set({ status: "ACTIVE" }).where(eq(cards.id, card.id));
    const second = await authorizePayment(s.deps, card.request({ amount: 1_000 }));
    await pool.db.update(cards).set({ status: "LOCKED" }).where(eq(cards.id, card.id));
    await clearAuthorization(s.deps, { authorizationId: second.id ?? "", amount: 60_000 });
    expect((await noticesOf()).filter(([, kind]) => kind === "card.locked_for_review")).toHaveLength(1);
  });

  it("measure a fuel or hotel clearing by the company's own tolerance of its kind", async () => {
    const clock = clockAt(new Date("2026-05-02T10:00:00Z"));
    const s = await createProcessorScene(pool.db, { now: clock.now, creditLimit: 1_000_000 });
    // Fuel up to 3.000 kr. above (Kort's default is 1.000 kr.), hotels up to 10% or 2.000 kr. (default 25%).
    await pool.db
      .update(projects)
      .set({
        preferences: {
          capture_tolerance: { fuel: { percent: 0, minimum: 3_000 }, hotel: { percent: 10, minimum: 2_000 } },
        },
      })
      .where(eq(projects.id, s.project.id));
    const excessOf = async (mcc: string, authorized: number, cleared: number) => {
      const card = await s.issue({ sumAmount: 500_000, period: "MONTHLY" });
      const answer = await authorizePayment(s.deps, card.request({ amount: authorized, mcc }));
      const clearing = await clearAuthorization(s.deps, { authorizationId: answer.id ?? "", amount: cleared });
      const [row] = await pool.db.select().from(transactions).where(eq(transactions.id, clearing.transaction_id));
      return row?.captureExcess ?? null;
    };
    expect(await excessOf("5542", 10_000, 12_500)).toBeNull();
    expect(await excessOf("5542", 10_000, 13_001)).toBe(3_001);
    expect(await excessOf("7011", 100_000, 110_000)).toBeNull();
    expect(await excessOf("7011", 100_000, 111_000)).toBe(11_000);
    // Other purchases keep Kort's general default: 20% or 5.000 kr.
    expect(await excessOf("5411", 10_000, 15_000)).toBeNull();
    expect(await excessOf("5411", 10_000, 15_001)).toBe(5_001);
  });
});
