import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase, type TestDatabase } from "./testing/test-db.ts";
import { uuidV7, uuidV7Milliseconds } from "./uuid-v7.ts";

const VERSION_7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("time-ordered ids", () => {
  it("are version 7 UUIDs that carry their millisecond and sort by it", () => {
    const at = Date.UTC(2026, 10, 24, 12, 0, 0, 123);
    const ids = [uuidV7(at), uuidV7(at + 1), uuidV7(at + 1_000), uuidV7(at + 86_400_000)];
    for (const id of ids) {
      expect(id).toMatch(VERSION_7);
      expect(z.uuid().safeParse(id).success).toBe(true);
    }
    expect(ids.map(uuidV7Milliseconds)).toEqual([at, at + 1, at + 1_000, at + 86_400_000]);
    expect([...ids].reverse().sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 1_000 }, () => uuidV7(at))).size).toBe(1_000);
  });

  it("carry any millisecond of their 48 bits, and random bits that differ across the random pool's refills", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), (milliseconds) => {
        const id = uuidV7(milliseconds);
        expect(id).toMatch(VERSION_7);
        expect(uuidV7Milliseconds(id)).toBe(milliseconds);
      }),
    );
    // The pool holds 256 ids' random bytes: 10,000 ids at one millisecond refill it 39 times.
    const randomParts = Array.from({ length: 10_000 }, () => uuidV7(0).slice(15));
    expect(new Set(randomParts).size).toBe(10_000);
  });

  describe("made by PostgreSQL", () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database.close());

    it("are version 7 with the database's clock, and the default of the decisions' and ledger's keys", async () => {
      const before = Date.now();
      const result = await database.db.execute<{ id: string }>(sql`select kort_uuid_v7()::text as id`);
      const id = result.rows[0]?.id ?? "";
      expect(id).toMatch(VERSION_7);
      expect(Math.abs(uuidV7Milliseconds(id) - before)).toBeLessThan(5_000);
      const defaults = await database.db.execute<{ table_name: string; column_default: string }>(sql`
        select table_name, column_default from information_schema.columns
         where column_name = 'id' and table_name in ('authorizations', 'transactions') order by table_name`);
      expect(defaults.rows).toEqual([
        { table_name: "authorizations", column_default: "kort_uuid_v7()" },
        { table_name: "transactions", column_default: "kort_uuid_v7()" },
      ]);
    });
  });
});
