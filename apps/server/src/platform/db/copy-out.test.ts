import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyRows, inlineStatement } from "./copy-out.ts";
import { createTestDatabase, type TestDatabase } from "./testing/test-db.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const all = async (statement: Parameters<typeof copyRows>[1], batchSize = 1000) => {
  const batches: (string | null)[][][] = [];
  for await (const batch of copyRows(database.db, statement, { batchSize, timeoutMs: 10_000 })) batches.push(batch);
  return batches;
};

describe("copying a statement's rows out", () => {
  it("writes every kind of parameter in as a literal PostgreSQL reads back as it was", async () => {
    const tricky = 'O\'Brien \\ "quoted" ; Þórður';
    const statement = sql`select ${tricky}::text, ${42}::int, ${true}::boolean, ${null}::text,
                                 ${sql.param(["a", 'b"c', "d\\e", "f,g"])}::text[],
                                 ${new Date("2026-11-24T10:00:00.000Z")}::timestamptz = '2026-11-24T10:00:00Z'`;
    expect(inlineStatement(statement)).not.toMatch(/\$\d/);
    const [batch] = await all(statement);
    expect(batch).toEqual([[tricky, "42", "t", null, '{a,"b\\"c","d\\\\e","f,g"}', "t"]]);
    // The same statement as an ordinary query answers the same values.
    const plain = await database.db.execute(sql`select (${sql.param(["a", 'b"c', "d\\e", "f,g"])}::text[])::text as a`);
    expect(plain.rows[0]?.a).toBe(batch?.[0]?.[4]);
  });

  it("refuses a parameter it cannot write safely", () => {
    expect(() => inlineStatement(sql`select ${{ an: "object" }}`)).toThrow(/cannot be written/);
    expect(() => inlineStatement(sql`select ${Number.NaN}`)).toThrow(/not finite/);
  });

  it("gives tabs, line breaks and backslashes in values back intact, nulls as null, in batches of the size asked", async () => {
    const values = ["a\tb", "line\nbreak", "back\\slash", "\\N", "", "crlf\r\n"];
    const statement = sql`select v, n, null::text from unnest(${sql.param(values)}::text[]) with ordinality as x(v, n) order by n`;
    const batches = await all(statement, 4);
    expect(batches.map((batch) => batch.length)).toEqual([4, 2]);
    expect(batches.flat().map((row) => row[0])).toEqual(values);
    expect(batches.flat().map((row) => row[2])).toEqual(values.map(() => null));
  });

  it("streams a large result in order without holding it, and gives its connection back", async () => {
    let count = 0;
    let last = 0;
    for await (const batch of copyRows(database.db, sql`select g from generate_series(1, 200000) g order by g`, {
      batchSize: 5000,
      timeoutMs: 10_000,
    })) {
      for (const row of batch) {
        const value = Number(row[0]);
        expect(value).toBe(last + 1);
        last = value;
      }
      count += batch.length;
    }
    expect(count).toBe(200_000);
    expect(database.db.$client.totalCount - database.db.$client.idleCount).toBe(0);
  });

  it("streams in the order of an index when asked to, and gives its connection back with sorting allowed again", async () => {
    await database.db.execute(sql`create table copy_ordered (k int not null, v text not null)`);
    await database.db.execute(
      sql`insert into copy_ordered select g, 'v' || g from generate_series(1, 20000) g order by random()`,
    );
    await database.db.execute(sql`create index copy_ordered_k on copy_ordered (k desc)`);
    await database.db.execute(sql`analyze copy_ordered`);
    const keys: number[] = [];
    for await (const batch of copyRows(database.db, sql`select k, v from copy_ordered where k > 10 order by k`, {
      batchSize: 1000,
      timeoutMs: 10_000,
      streamInOrder: true,
    })) {
      for (const row of batch) keys.push(Number(row[0]));
    }
    expect(keys).toEqual(Array.from({ length: 19_990 }, (_, index) => index + 11));
    const pool = database.db.$client;
    expect(pool.totalCount - pool.idleCount).toBe(0);
    const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
    try {
      for (const client of clients) {
        const shown = await client.query<{ enable_sort: string }>("show enable_sort");
        expect(shown.rows[0]?.enable_sort).toBe("on");
      }
    } finally {
      for (const client of clients) client.release();
    }
  });

  it("closes the connection of a reader that stopped early, and the pool serves the next statement", async () => {
    const before = database.db.$client.totalCount;
    for await (const batch of copyRows(database.db, sql`select g from generate_series(1, 100000) g`, {
      batchSize: 100,
      timeoutMs: 10_000,
    })) {
      expect(batch).toHaveLength(100);
      break;
    }
    expect(database.db.$client.totalCount).toBeLessThanOrEqual(before);
    const after = await database.db.execute(sql`select 1 as one`);
    expect(after.rows[0]?.one).toBe(1);
  });

  it("ends a statement past its time with PostgreSQL's timeout, not a hang", async () => {
    const slow = async () => {
      for await (const _ of copyRows(database.db, sql`select pg_sleep(2)`, { batchSize: 10, timeoutMs: 200 })) {
        // nothing arrives
      }
    };
    await expect(slow()).rejects.toThrow(/statement timeout/);
  });
});
