import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { createProject } from "../../platform/http/testing/fixtures.ts";

/**
 * Migration 0009's hand-written statements, run against rows that only a database from before it can hold: two
 * live categories of a company with one code (two teams with account code 4030), and companies without VAT rates.
 */
const MIGRATION = fileURLToPath(new URL("../../platform/db/migrations/0009_accounting_setup.sql", import.meta.url));

const statements = readFileSync(MIGRATION, "utf8")
  .split("--> statement-breakpoint")
  .map((statement) =>
    statement
      .split("\n")
      .filter((line) => !line.startsWith("--"))
      .join("\n")
      .trim(),
  );
const handWritten = statements.filter((statement) => /^(WITH|INSERT)/.test(statement));
const codeIndex = statements.find((statement) => statement.includes("categories_project_code_live_key"));

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("migration 0009", () => {
  it("keeps the oldest code, gives later duplicates (and their teams) a new one, and adds the VAT rates", async () => {
    const { db } = database;
    expect(handWritten).toHaveLength(2);
    if (!codeIndex) throw new Error("the code index statement is missing");
    const project = await createProject(db);
    await db.execute(sql`drop index categories_project_code_live_key`);
    await db.execute(sql`delete from tax_categories where project_id = ${project.id}`);
    await db.execute(sql`
      insert into categories (id, project_id, title, code, "group", created_at) values
        ('00000000-0000-4000-8000-000000000001', ${project.id}, 'Ráðgjöf', '4030', 'Team', '2024-01-01'),
        ('00000000-0000-4000-8000-000000000002', ${project.id}, 'Ráðgjöf 2', '4030', 'Team', '2024-02-01'),
        ('00000000-0000-4000-8000-000000000003', ${project.id}, 'Gamalt', '4030', 'Default', '2023-01-01')`);
    await db.execute(sql`update categories set deleted_at = now() where id = '00000000-0000-4000-8000-000000000003'`);
    await db.execute(sql`
      insert into teams (project_id, name, account_code, category_id) values
        (${project.id}, 'Ráðgjöf', '4030', '00000000-0000-4000-8000-000000000001'),
        (${project.id}, 'Ráðgjöf 2', '4030', '00000000-0000-4000-8000-000000000002')`);

    for (const statement of handWritten) await db.execute(sql.raw(statement));
    await db.execute(sql.raw(codeIndex));

    const categories = await db.execute<{ title: string; code: string }>(
      sql`select title, code from categories where project_id = ${project.id} order by created_at`,
    );
    expect(categories.rows).toEqual([
      { title: "Gamalt", code: "4030" },
      { title: "Ráðgjöf", code: "4030" },
      { title: "Ráðgjöf 2", code: "4030-00000000" },
    ]);
    const teams = await db.execute<{ name: string; account_code: string }>(
      sql`select name, account_code from teams where project_id = ${project.id} order by name`,
    );
    expect(teams.rows).toEqual([
      { name: "Ráðgjöf", account_code: "4030" },
      { name: "Ráðgjöf 2", account_code: "4030-00000000" },
    ]);
    const taxes = await db.execute<{ code: string; percentage: string }>(
      sql`select code, percentage from tax_categories where project_id = ${project.id} order by percentage desc`,
    );
    expect(taxes.rows).toEqual([
      { code: "VSK24", percentage: "24.00" },
      { code: "VSK11", percentage: "11.00" },
      { code: "VSK0", percentage: "0.00" },
    ]);
  });
});
