import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, exports, scheduledExports, teams } from "../platform/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../platform/db/testing/test-db.ts";
import { createProject } from "../platform/http/testing/fixtures.ts";
import { createTeam } from "../platform/http/testing/team-fixtures.ts";

/**
 * docs/scaling.md, "Distributing by company", checked in a migrated database (migration 0032_company_references):
 * a reference between two rows of one company names the company on both sides, so no row can point at another
 * company's and a database distributed by project_id keeps the pair on one node; one set null on delete nulls its
 * own column and keeps project_id, which Drizzle cannot declare and the migration writes by hand.
 */

type ForeignKey = {
  name: string;
  child: string;
  parent: string;
  on_delete: string;
  columns: string[];
  parent_columns: string[];
  set_null_columns: string[] | null;
};

let t: TestDatabase;
let keys: ForeignKey[];

beforeAll(async () => {
  t = await createTestDatabase();
  const tenantTables = await t.db.$client.query<{ name: string }>(
    `select c.relname as name from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and a.attname = 'project_id' and a.attnotnull`,
  );
  const tenant = new Set(tenantTables.rows.map((row) => row.name));
  const result = await t.db.$client.query<ForeignKey>(
    `select k.conname as name, child.relname as child, parent.relname as parent, k.confdeltype as on_delete,
            (select array_agg(a.attname::text order by o.n) from unnest(k.conkey) with ordinality o(attnum, n)
               join pg_attribute a on a.attrelid = k.conrelid and a.attnum = o.attnum) as columns,
            (select array_agg(a.attname::text order by o.n) from unnest(k.confkey) with ordinality o(attnum, n)
               join pg_attribute a on a.attrelid = k.confrelid and a.attnum = o.attnum) as parent_columns,
            (select array_agg(a.attname::text) from unnest(k.confdelsetcols) o(attnum)
               join pg_attribute a on a.attrelid = k.conrelid and a.attnum = o.attnum) as set_null_columns
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace`,
  );
  keys = result.rows.filter((key) => tenant.has(key.child) && tenant.has(key.parent));
});

afterAll(async () => {
  await t?.close();
});

describe("references between rows of one company", () => {
  it("finds the references between tenant tables", () => {
    expect(keys.length).toBeGreaterThanOrEqual(40);
    expect(keys.map((key) => key.name)).toEqual(
      expect.arrayContaining(["transactions_card_fk", "cards_team_fk", "receipts_transaction_fk"]),
    );
  });

  it("matches project_id to project_id in every one", () => {
    const unmatched = keys
      .filter((key) => {
        const at = key.columns.indexOf("project_id");
        return at === -1 || key.parent_columns[at] !== "project_id";
      })
      .map((key) => `${key.name}: (${key.columns}) -> ${key.parent}(${key.parent_columns})`);
    expect(unmatched).toEqual([]);
  });

  it("has each one set null on delete null its own column, never project_id", () => {
    const setNull = keys.filter((key) => key.on_delete === "n");
    expect(setNull.length).toBeGreaterThanOrEqual(15);
    const wrong = setNull
      .filter((key) => {
        const own = key.columns.filter((column) => column !== "project_id");
        return JSON.stringify(key.set_null_columns ?? key.columns) !== JSON.stringify(own);
      })
      .map((key) => `${key.name} nulls (${key.set_null_columns ?? key.columns})`);
    expect(wrong).toEqual([]);
  });

  it("refuses a row that names another company's row", async () => {
    const mine = await createProject(t.db);
    const theirs = await createProject(t.db);
    const team = await createTeam(t.db, mine.id);
    const [category] = await t.db
      .insert(categories)
      .values({ projectId: theirs.id, title: "Ferðir", code: "6100" })
      .returning({ id: categories.id });
    if (!category) throw new Error("category insert returned nothing");
    await expect(
      t.db.update(teams).set({ categoryId: category.id }).where(eq(teams.id, team.id)),
    ).rejects.toMatchObject({ cause: { code: "23503", constraint: "teams_category_fk" } });
    const [row] = await t.db.select({ categoryId: teams.categoryId }).from(teams).where(eq(teams.id, team.id));
    expect(row?.categoryId).toBeNull();
  });

  it("nulls the reference and keeps the company when the row it named is deleted", async () => {
    const project = await createProject(t.db);
    const [schedule] = await t.db
      .insert(scheduledExports)
      .values({ projectId: project.id, level: "TRANSACTION", fileType: "CSV" })
      .returning({ id: scheduledExports.id });
    if (!schedule) throw new Error("scheduled export insert returned nothing");
    const [run] = await t.db
      .insert(exports)
      .values({ projectId: project.id, level: "TRANSACTION", fileType: "CSV", scheduledExportId: schedule.id })
      .returning({ id: exports.id });
    if (!run) throw new Error("export insert returned nothing");
    await t.db.delete(scheduledExports).where(eq(scheduledExports.id, schedule.id));
    const [after] = await t.db
      .select({ projectId: exports.projectId, scheduledExportId: exports.scheduledExportId })
      .from(exports)
      .where(eq(exports.id, run.id));
    expect(after).toEqual({ projectId: project.id, scheduledExportId: null });
  });
});
