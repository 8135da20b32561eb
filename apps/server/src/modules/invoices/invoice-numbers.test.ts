import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { createProject } from "../../platform/http/testing/fixtures.ts";

/**
 * An invoice number is unique in its series, which is its issuer's (invoice_number_series, one per kennitala and
 * year): when the operator's kennitala changes, the new issuer numbers from 1 again, beside the old issuer's
 * invoices of the same year; within one issuer's series a number is never used twice.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const store = (projectId: string, issuerKennitala: string, number: string, periodFrom: string) =>
  database.db.$client.query(
    `insert into invoices (project_id, number, issue_date, issuer, issuer_kennitala, total_amount, period_from, period_to)
     values ($1, $2, $4::date + 27, 'Útgefandi', $3, 1000, $4::date, $4::date + 30)`,
    [projectId, number, issuerKennitala, periodFrom],
  );

describe("invoice numbers", () => {
  it("repeat across issuers' series, never within one", async () => {
    const first = await createProject(database.db);
    const second = await createProject(database.db);
    await store(first.id, "5501692829", "2026-000001", "2026-01-27");
    // The operator's new kennitala: its series starts at 1 again.
    await store(second.id, "4101696929", "2026-000001", "2026-01-27");
    await expect(store(second.id, "5501692829", "2026-000001", "2026-02-27")).rejects.toMatchObject({
      code: "23505",
      constraint: "invoices_issuer_number_key",
    });
  });
});
