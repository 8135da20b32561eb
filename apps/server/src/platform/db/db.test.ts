import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "./migrate.ts";
import * as schema from "./schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./testing/test-db.ts";

const { outbox, projects, users } = schema;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("migrations", () => {
  it("create every table of the schema and apply again without change", async () => {
    const expected = Object.values(schema as Record<string, unknown>)
      .flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []))
      .sort();
    const tablesNow = async () => {
      const result = await database.db.execute<{ tablename: string }>(
        sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
      );
      return result.rows.map((row) => row.tablename);
    };
    expect(await tablesNow()).toEqual(expected);
    await migrateDatabase(database.db);
    expect(await tablesNow()).toEqual(expected);
  });

  it("leave no connection without the request bounds in the pool (the migration's session lifts them)", async () => {
    const once = await createTestDatabase({ max: 1 });
    try {
      await migrateDatabase(once.db);
      const result = await once.db.execute<{ statement_timeout: string }>(sql`show statement_timeout`);
      expect(result.rows[0]?.statement_timeout).not.toBe("0");
    } finally {
      await once.close();
    }
  });

  it("keep the list indexes in the order the queries sort, so no query sorts in memory", async () => {
    const plan = await database.db.transaction(async (tx) => {
      // An empty table would be scanned whole; forbid the alternatives so a missing index shows as a Sort.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const result = await tx.execute<{ "QUERY PLAN": string }>(
        sql`explain select id from transactions where project_id = ${crypto.randomUUID()}
            order by transaction_date desc, id desc limit 50`,
      );
      return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("transactions_project_date_idx");
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it("store e-mail addresses in lower case only", async () => {
    await expect(
      database.db.insert(users).values({ fullName: "Stór Stafur", email: "Stor@Demo.is" }),
    ).rejects.toThrow();
  });

  it("keep money exact as numbers well above 2^32", async () => {
    const [row] = await database.db
      .insert(projects)
      .values({ title: "Stórfyrirtæki hf.", kennitala: "4701191010", creditLimit: 9_000_000_000_000 })
      .returning({ id: projects.id, creditLimit: projects.creditLimit });
    expect(row?.creditLimit).toBe(9_000_000_000_000);
    if (row) await database.db.delete(projects).where(eq(projects.id, row.id));
  });
});

describe("test databases", () => {
  it("are separate clones of the migrated template: rows in one are not seen in another", async () => {
    const [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      expect(first.url).not.toBe(second.url);
      await first.db.insert(outbox).values({ channel: "sms", to: "+3546111234", body: "only in the first" });
      expect(await first.db.$count(outbox)).toBe(1);
      expect(await second.db.$count(outbox)).toBe(0);
      expect(await database.db.$count(outbox)).toBe(0);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
