import { utcDate } from "@kort/core";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../platform/db/client.ts";
import { authorizations, projectRegistry, transactions } from "../../platform/db/schema/index.ts";
import { runMigrationFile } from "../../platform/db/testing/migration-file.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { companyNumberOf, companyUuid, MAX_COMPANY_NUMBER, uuidV7 } from "../../platform/db/uuid-v7.ts";
import { createProject } from "../../platform/http/testing/fixtures.ts";
import { authorizePayment } from "./authorize-payment.service.ts";
import { clearAuthorization, refundPurchase, reverseAuthorization } from "./settlement.service.ts";
import { clockAt, createProcessorScene } from "./testing/processor-scene.ts";

/**
 * Ids that name their company (migration 0042, docs/scaling.md blocker 3): the network names an authorization or a
 * transaction by its id alone, and the id's company number routes the read to the company before the row is read.
 */
let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const scene = () => createProcessorScene(db, { now: clockAt(utcDate(2026, 4, 15, 12)).now });

const numberOf = async (projectId: string): Promise<number | undefined> => {
  const [row] = await db
    .select({ companyNumber: projectRegistry.companyNumber })
    .from(projectRegistry)
    .where(eq(projectRegistry.projectId, projectId));
  return row?.companyNumber;
};

const ledgerRowOf = async (projectId: string, authorizationId: string) => {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.projectId, projectId), eq(transactions.authorizationId, authorizationId)));
  return row;
};

/** Moves an authorization (and its ledger row) to another id, as a row made by an older release or elsewhere. */
const renameAuthorization = async (projectId: string, from: string, to: string): Promise<void> => {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(authorizations)
      .where(and(eq(authorizations.projectId, projectId), eq(authorizations.id, from)));
    if (!row) throw new Error("no such authorization");
    await tx.insert(authorizations).values({ ...row, id: to, networkReference: null });
    await tx
      .update(transactions)
      .set({ authorizationId: to })
      .where(and(eq(transactions.projectId, projectId), eq(transactions.authorizationId, from)));
    await tx.delete(authorizations).where(and(eq(authorizations.projectId, projectId), eq(authorizations.id, from)));
  });
};

describe("ids that carry their company", () => {
  it("are given to a decision, its ledger row, its clearing and its refunds, each with the company's number", async () => {
    const s = await scene();
    const card = await s.issue();
    const number = await numberOf(s.project.id);
    expect(number).toBeGreaterThan(0);

    const approved = await authorizePayment(s.deps, card.request({ amount: 5_000 }));
    const declined = await authorizePayment(s.deps, card.request({ amount: 500_000 }));
    expect(declined).toMatchObject({ approved: false, declineCode: "SINGLE_AMOUNT" });
    for (const id of [approved.id, declined.id]) expect(companyNumberOf(id ?? "")).toBe(number);
    const ledgerRow = await ledgerRowOf(s.project.id, approved.id ?? "");
    expect(companyNumberOf(ledgerRow?.id ?? "")).toBe(number);

    const cleared = await clearAuthorization(s.deps, { authorizationId: approved.id ?? "", amount: 5_000 });
    expect(cleared.transaction_id).toBe(ledgerRow?.id);
    const byAuthorization = await refundPurchase(s.deps, { authorizationId: approved.id ?? "", amount: 1_000 });
    const byTransaction = await refundPurchase(s.deps, { transactionId: cleared.transaction_id, amount: 1_000 });
    for (const refund of [byAuthorization, byTransaction]) {
      expect(companyNumberOf(refund.transaction_id)).toBe(number);
      expect(refund.authorization_id).toBe(approved.id);
    }
  });

  it("route the network's reversal, clearing and refund to the company they name", async () => {
    const s = await scene();
    const other = await createProject(db);
    const card = await s.issue();
    const otherNumber = (await numberOf(other.id)) ?? 0;

    // A pending authorization of this company under an id that names the other company: the lookup goes to the
    // other company and finds nothing there. A lookup by the id alone, across companies, would have found it.
    const pending = await authorizePayment(s.deps, card.request({ amount: 2_000 }));
    const misnamed = companyUuid(otherNumber);
    await renameAuthorization(s.project.id, pending.id ?? "", misnamed);
    await expect(reverseAuthorization(s.deps, misnamed)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(clearAuthorization(s.deps, { authorizationId: misnamed, amount: 2_000 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    // A number that names no company, or one past the registry's (an id the network made up): no such row.
    const nobody = companyUuid(MAX_COMPANY_NUMBER);
    const pastTheRegistry = `${nobody.slice(0, 19)}a${nobody.slice(20)}`;
    expect(companyNumberOf(pastTheRegistry)).toBeGreaterThan(MAX_COMPANY_NUMBER);
    for (const id of [nobody, pastTheRegistry]) {
      await expect(reverseAuthorization(s.deps, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(refundPurchase(s.deps, { transactionId: id, amount: 1 })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    }

    // Under its own company's number the same row is found.
    const named = companyUuid((await numberOf(s.project.id)) ?? 0);
    await renameAuthorization(s.project.id, misnamed, named);
    expect(await reverseAuthorization(s.deps, named)).toEqual({ id: named, status: "reversed" });
  });

  it("leave the ids made before them working: those are looked for across companies", async () => {
    const s = await scene();
    const card = await s.issue();
    const approved = await authorizePayment(s.deps, card.request({ amount: 3_000 }));
    const old = uuidV7();
    await renameAuthorization(s.project.id, approved.id ?? "", old);
    const ledgerRow = await ledgerRowOf(s.project.id, old);
    const oldTransaction = uuidV7();
    await db
      .update(transactions)
      .set({ id: oldTransaction })
      .where(and(eq(transactions.projectId, s.project.id), eq(transactions.id, ledgerRow?.id ?? "")));

    const cleared = await clearAuthorization(s.deps, { authorizationId: old, amount: 3_000 });
    expect(cleared).toMatchObject({ transaction_id: oldTransaction, authorization_id: old, amount_isk: 3_000 });
    const refund = await refundPurchase(s.deps, { transactionId: oldTransaction, amount: 500 });
    expect(refund).toMatchObject({ authorization_id: old, amount_isk: -500 });
    // What is made now carries the company, whatever the purchase's id.
    expect(companyNumberOf(refund.transaction_id)).toBe(await numberOf(s.project.id));
  });

  it("number every company once, those made before the migration included", async () => {
    const before = [await createProject(db), await createProject(db)];
    await db.execute(sql`alter table project_registry drop column company_number`);
    await runMigrationFile(db, "0042_company_numbers");
    const after = await createProject(db);
    const rows = await db.select({ companyNumber: projectRegistry.companyNumber }).from(projectRegistry);
    const numbers = rows.map((row) => row.companyNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const project of [...before, after]) expect(await numberOf(project.id)).toBeGreaterThan(0);
    // A company made after the numbering is numbered after every company before it.
    expect(await numberOf(after.id)).toBe(Math.max(...numbers));
  });

  it("keep a decision from the release before, which sends no ledger row id, in the ledger with one of its own", async () => {
    const s = await scene();
    const card = await s.issue();
    const id = uuidV7();
    const row = {
      id,
      project_id: s.project.id,
      card_id: card.id,
      user_id: s.owner.id,
      team_id: s.team.id,
      amount: 700,
      original_amount: 700,
      original_currency: "ISK",
      original_exponent: 0,
      merchant_name: "Bónus",
      merchant_country: "IS",
      mcc: "5411",
      network_reference: null,
      status: "pending",
      decline_code: null,
      approval_code: "123456",
      created_at: new Date().toISOString(),
      category_id: null,
    };
    await db.execute(sql`select kort_insert_decisions(${JSON.stringify([row])}::json)`);
    const ledgerRow = await ledgerRowOf(s.project.id, id);
    expect(ledgerRow?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  });
});
