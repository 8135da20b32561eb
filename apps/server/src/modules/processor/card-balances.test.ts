import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../platform/db/client.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import type { CardDto } from "../cards/cards.schemas.ts";
import { cardBalances } from "../cards/cards.service.ts";
import { authorizePayment } from "./authorize-payment.service.ts";
import { clearAuthorization } from "./settlement.service.ts";
import { clockAt, createProcessorScene } from "./testing/processor-scene.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A pool that counts the statements run on it. */
const counting = (db: Db) => {
  let statements = 0;
  const counted = new Proxy(db, {
    get: (target, property, receiver) =>
      property === "execute"
        ? (...args: Parameters<Db["execute"]>) => {
            statements += 1;
            return target.execute(...args);
          }
        : Reflect.get(target, property, receiver),
  });
  return { db: counted, statements: () => statements };
};

describe("the cards list's balances", () => {
  it("reads every card's window from the running balances in one statement", async () => {
    const clock = clockAt(new Date("2026-06-10T12:00:00Z"));
    const s = await createProcessorScene(database.db, { now: clock.now, creditLimit: 10_000_000 });
    const periods = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY", "NON_RECURRING", "SLIDING_24H"] as const;
    const issued = [];
    for (const period of periods) issued.push({ period, card: await s.issue({ sumAmount: 100_000, period }) });
    // Yesterday's purchase counts in the week, period, year, lifetime and (23 hours ago) the sliding day only.
    clock.set(new Date("2026-06-09T13:00:00Z"));
    for (const { card } of issued) await authorizePayment(s.deps, card.request({ amount: 7_000 }));
    clock.set(new Date("2026-06-10T12:00:00Z"));
    for (const { card } of issued) {
      const answer = await authorizePayment(s.deps, card.request({ amount: 1_000 }));
      await clearAuthorization(s.deps, { authorizationId: answer.id ?? "", amount: 1_500 });
    }
    const dtos = issued.map(
      ({ period, card }) =>
        ({
          id: card.id,
          project_id: s.project.id,
          status: "ACTIVE",
          limits: [{ sum_amount: 100_000, single_amount: 100_000, usage_type: "ALL", period, count: 1000 }],
        }) as unknown as CardDto,
    );
    const pool = counting(database.db);
    const balances = await cardBalances({ db: pool.db, now: clock.now }, dtos);
    expect(pool.statements()).toBe(1);
    expect(issued.map(({ period, card }) => [period, balances.get(card.id)?.settled_balance])).toEqual([
      ["DAILY", 1_500],
      ["WEEKLY", 8_500],
      ["MONTHLY", 8_500],
      ["YEARLY", 8_500],
      ["NON_RECURRING", 8_500],
      ["SLIDING_24H", 8_500],
    ]);
    // 24 hours and a millisecond after yesterday's purchase it has left the sliding day.
    clock.set(new Date("2026-06-10T13:00:00.001Z"));
    const later = await cardBalances({ db: database.db, now: clock.now }, dtos);
    expect(later.get(issued[5]?.card.id ?? "")?.settled_balance).toBe(1_500);
  });
});
