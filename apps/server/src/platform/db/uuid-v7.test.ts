import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase, type TestDatabase } from "./testing/test-db.ts";
import { companyNumberOf, companyUuid, MAX_COMPANY_NUMBER, uuidV7, uuidV7Milliseconds } from "./uuid-v7.ts";

const VERSION_7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const VERSION_8 = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

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

  describe("that carry a company", () => {
    it("are version 8 UUIDs with the millisecond where version 7 has it, and the company's number", () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: MAX_COMPANY_NUMBER }),
          fc.integer({ min: 0, max: 2 ** 48 - 1 }),
          (companyNumber, milliseconds) => {
            const id = companyUuid(companyNumber, milliseconds);
            expect(id).toMatch(VERSION_8);
            expect(z.uuid().safeParse(id).success).toBe(true);
            expect(companyNumberOf(id)).toBe(companyNumber);
            expect(uuidV7Milliseconds(id)).toBe(milliseconds);
          },
        ),
      );
      for (const edge of [0, 1, 63, 64, 255, 256, 2 ** 26 - 1, 2 ** 26, MAX_COMPANY_NUMBER]) {
        expect(companyNumberOf(companyUuid(edge))).toBe(edge);
      }
    });

    it("sort by their millisecond among themselves and among version 7 ids, whatever the company", () => {
      const at = Date.UTC(2026, 10, 28, 12);
      const ids = [companyUuid(9, at), uuidV7(at + 1), companyUuid(1, at + 2), companyUuid(MAX_COMPANY_NUMBER, at + 3)];
      expect([...ids].reverse().sort()).toEqual(ids);
      // 42 random bits within one millisecond of one company.
      expect(new Set(Array.from({ length: 10_000 }, () => companyUuid(7, at))).size).toBe(10_000);
    });

    it("are told from ids that carry none, and refuse a number the registry cannot hold", () => {
      expect(companyNumberOf(uuidV7())).toBeUndefined();
      expect(companyNumberOf("0d5b9b7e-8a4f-4c1e-9a7d-2f1e3c4b5a69")).toBeUndefined();
      expect(companyNumberOf("not an id")).toBeUndefined();
      for (const wrong of [-1, 1.5, MAX_COMPANY_NUMBER + 1, Number.NaN]) {
        expect(() => companyUuid(wrong)).toThrow(RangeError);
      }
    });
  });
});
