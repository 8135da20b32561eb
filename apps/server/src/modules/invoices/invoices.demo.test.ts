import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { billingPeriodDates, currentBillingPeriod, previousBillingPeriod } from "@kort/core";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../app/seed/seed.ts";
import { createFsBlobStore } from "../../platform/blobs/fs-blob-store.ts";
import { DEMO_ISSUER } from "../../platform/config.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { DEMO_INVOICED_PERIODS, seedDemoInvoices } from "./invoices.demo.ts";

let database: TestDatabase;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), "kort-demo-invoices-"));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

describe("demo invoices", () => {
  it("issue the last three periods once, each totalling its settled spend, numbered without gaps", async () => {
    const { db } = database;
    const now = new Date();
    await seedDemo(db, { cardKey: randomBytes(32), now });
    const options = { now, blobs: createFsBlobStore(dir), config: { issuer: DEMO_ISSUER } };
    // Two servers starting at once on one database: the invoices are issued once between them.
    const results = await Promise.all([seedDemoInvoices(db, options), seedDemoInvoices(db, options)]);
    expect(await seedDemoInvoices(db, options)).toBe(0);

    const rows = await db.execute<{
      project_id: string;
      period_from: string;
      number: string;
      total: string;
      settled: string;
    }>(sql`
      select i.project_id, i.period_from::text as period_from, i.number, i.total_amount::text as total,
             (select sum(t.transaction_amount) from transactions t
               where t.project_id = i.project_id and t.closed_at is not null
                 and t.transaction_date >= i.period_from and t.transaction_date < i.period_to + 1)::text as settled
        from invoices i order by i.number`);
    expect(rows.rows.length).toBe(results[0] + results[1]);
    let period = currentBillingPeriod(now);
    const periods = new Set<string>();
    for (let n = 0; n < DEMO_INVOICED_PERIODS; n++) {
      period = previousBillingPeriod(period);
      periods.add(billingPeriodDates(period).from);
    }
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(new Set(rows.rows.map((row) => row.period_from))).toEqual(periods);
    for (const row of rows.rows) expect(row.total).toBe(row.settled);
    const byYear = new Map<string, number[]>();
    for (const row of rows.rows) {
      const [year, n] = row.number.split("-");
      byYear.set(year ?? "", [...(byYear.get(year ?? "") ?? []), Number(n)]);
    }
    for (const numbers of byYear.values()) expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });
});
