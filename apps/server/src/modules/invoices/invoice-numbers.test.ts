import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrationFile } from "../../platform/db/testing/migration-file.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { createProject } from "../../platform/http/testing/fixtures.ts";

/**
 * An invoice number is unique in its series, which is its issuer's (invoice_number_series, one per kennitala and
 * year): when the operator's kennitala changes, the new issuer numbers from 1 again, beside the old issuer's
 * invoices of the same year; within one issuer's series a number is never used twice. The key is the invoice number
 * directory's (invoice_numbers, migration 0040), which the database keeps beside the invoices.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const store = (projectId: string, issuerKennitala: string, number: string, periodFrom: string) =>
  database.db.$client.query<{ id: string }>(
    `insert into invoices (project_id, number, issue_date, issuer, issuer_kennitala, total_amount, period_from, period_to)
     values ($1, $2, $4::date + 27, 'Útgefandi', $3, 1000, $4::date, $4::date + 30) returning id`,
    [projectId, number, issuerKennitala, periodFrom],
  );

/** Invoices without their entry, and entries without their invoice. */
const drift = async () => {
  const { rows } = await database.db.$client.query<{ missing: number; stray: number }>(
    `select
       (select count(*)::int from (select issuer_kennitala, number, project_id, id from invoices
          except select issuer_kennitala, number, project_id, invoice_id from invoice_numbers) m) as missing,
       (select count(*)::int from (select issuer_kennitala, number, project_id, invoice_id from invoice_numbers
          except select issuer_kennitala, number, project_id, id from invoices) s) as stray`,
  );
  return rows[0];
};

describe("invoice numbers", () => {
  it("repeat across issuers' series, never within one, across companies", async () => {
    const first = await createProject(database.db);
    const second = await createProject(database.db);
    await store(first.id, "5501692829", "2026-000001", "2026-01-27");
    // The operator's new kennitala: its series starts at 1 again.
    await store(second.id, "4101696929", "2026-000001", "2026-01-27");
    await expect(store(second.id, "5501692829", "2026-000001", "2026-02-27")).rejects.toMatchObject({
      code: "23505",
      constraint: "invoice_numbers_pkey",
    });
    expect(await drift()).toEqual({ missing: 0, stray: 0 });
  });

  it("keep an issued invoice's number, and free it with the invoice", async () => {
    const company = await createProject(database.db);
    const { rows } = await store(company.id, "5501692829", "2026-000101", "2026-03-27");
    const id = rows[0]?.id;
    await expect(
      database.db.$client.query("update invoices set number = '2026-000102' where id = $1", [id]),
    ).rejects.toMatchObject({ message: "an invoice keeps its number, issuer, id and company" });
    await database.db.$client.query("delete from invoices where id = $1", [id]);
    await store(company.id, "5501692829", "2026-000101", "2026-04-27");
    expect(await drift()).toEqual({ missing: 0, stray: 0 });
  });

  it("are entered in the directory from the invoices issued before it (migration 0040)", async () => {
    const company = await createProject(database.db);
    await store(company.id, "5501692829", "2026-000201", "2026-05-27");
    // The database as the release before left it: the key on invoices, no directory.
    await database.db.execute(sql`
      drop table invoice_numbers;
      drop function kort_keep_invoice_numbers cascade;
      drop function kort_invoice_number_unchanged cascade;
      alter table invoices add constraint invoices_issuer_number_key unique (issuer_kennitala, number)`);
    await runMigrationFile(database.db, "0040_invoice_number_directory");
    expect(await drift()).toEqual({ missing: 0, stray: 0 });
    await expect(store(company.id, "5501692829", "2026-000201", "2026-06-27")).rejects.toMatchObject({
      constraint: "invoice_numbers_pkey",
    });
  });
});
