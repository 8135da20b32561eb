import { randomBytes } from "node:crypto";
import { billingPeriodOf } from "@kort/core";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizations, cardLimits, cards, projects, transactions, users } from "../../platform/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { seedDemo } from "./seed.ts";
import { DEMO_PURCHASES } from "./seed-cards.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("demo seed with a card key", () => {
  it("issues Demo ehf.'s cards through issueCard and gives them history through the processor, once", async () => {
    const { db } = database;
    const cardKey = randomBytes(32);
    const now = new Date();
    const results = await Promise.all([seedDemo(db, { cardKey, now }), seedDemo(db, { cardKey, now })]);
    expect(results.map((result) => result.created).sort()).toEqual([false, true]);

    const [demo] = await db.select().from(projects).where(eq(projects.title, "Demo ehf."));
    if (!demo) throw new Error("Demo ehf. missing");
    const rows = await db
      .select({ card: cards, email: users.email, limit: cardLimits })
      .from(cards)
      .innerJoin(users, eq(users.id, cards.cardholderId))
      .innerJoin(cardLimits, eq(cardLimits.cardId, cards.id))
      .where(eq(cards.projectId, demo.id));
    expect(rows.every((row) => row.card.status === "ACTIVE")).toBe(true);
    const employeeMonthly = rows.find(
      (row) =>
        row.email === "employee@demo.is" &&
        row.card.cardType === "EMPLOYEE_EXPENSE" &&
        row.limit.period === "MONTHLY" &&
        row.limit.sumAmount === 150_000,
    );
    expect(employeeMonthly).toBeDefined();
    expect(rows.some((row) => row.email === "teamadmin@demo.is")).toBe(true);
    expect(rows.some((row) => row.email === "owner@demo.is" && row.card.cardType === "BUSINESS_EXPENSE")).toBe(true);

    const cardIds = rows.map((row) => row.card.id);
    const history = await db.select().from(authorizations).where(inArray(authorizations.cardId, cardIds));
    expect(history.filter((row) => row.status === "cleared").length).toBeGreaterThan(0);
    expect(history.some((row) => row.cardId === employeeMonthly?.card.id)).toBe(true);
    // Run twice at once, the history is made once: no more decisions than the purchases the seed attempts.
    expect(history.length).toBeGreaterThan(DEMO_PURCHASES / 2);
    expect(history.length).toBeLessThanOrEqual(DEMO_PURCHASES);
    const ledger = await db
      .select()
      .from(transactions)
      .where(and(eq(transactions.projectId, demo.id), inArray(transactions.cardId, cardIds)));
    // Every cleared purchase is a settled row, every pending one an unsettled row; reversals leave nothing.
    expect(ledger.filter((row) => row.closedAt !== null).length).toBe(
      history.filter((row) => row.status === "cleared").length,
    );
    expect(ledger.filter((row) => row.closedAt === null).length).toBe(
      history.filter((row) => row.status === "pending").length,
    );

    // A few months of ledger (issue 12): booked and unbooked purchases over at least three billing periods.
    const settledRows = ledger.filter((row) => row.closedAt !== null);
    const periods = new Set(settledRows.map((row) => billingPeriodOf(row.transactionDate).from.getTime()));
    expect(periods.size).toBeGreaterThanOrEqual(3);
    const booked = settledRows.filter((row) => row.categoryId !== null);
    expect(booked.length).toBeGreaterThan(settledRows.length / 3);
    expect(booked.every((row) => row.taxCategoryId !== null)).toBe(true);
    expect(settledRows.some((row) => row.categoryId === null)).toBe(true);

    // Idempotent: a restart neither issues nor buys again.
    expect(await seedDemo(db, { cardKey, now })).toEqual({ created: false });
    expect(await db.select().from(cards).where(eq(cards.projectId, demo.id))).toHaveLength(rows.length);
    expect(await db.select().from(authorizations).where(inArray(authorizations.cardId, cardIds))).toHaveLength(
      history.length,
    );
  });
});
