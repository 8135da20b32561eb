import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../platform/db/schema/index.ts";

/**
 * docs/scaling.md, checked on every run: a tenant table (one with a NOT NULL project_id) is keyed by the company,
 * as a database distributed by project_id needs. Every unique key and primary key includes project_id: the keys that
 * are global by nature live on directories (below), since migration 0043 dropped the last of them. The references
 * between tenant tables, some of which only the migration can write, are checked in a migrated database
 * (company-references.test.ts).
 */

/**
 * Directories: global tables that name a company (project_id) for a key that is global by nature, read first to
 * find the company. They stay on the coordinator, keyed by that key (docs/scaling.md, blocker 2).
 */
const DIRECTORIES: Record<string, string> = {
  card_numbers: "the network names a card by its number alone: whose card a number is",
  invite_links: "a link and a sign-up (onboardings, global) name an invitation by id alone: whose invitation it is",
  referral_codes: "a referral code is redeemed by another company than the referrer: whose referral a code is",
  invoice_numbers: "an invoice number is unique in its issuer's series, which runs across companies",
  project_registry: "sign-up and inbound e-mail find a company by its kennitala or receipts mailbox",
};

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

const tenantTables = tables.filter(
  (table) =>
    table.columns.some((column) => column.name === "project_id" && column.notNull) && !(table.name in DIRECTORIES),
);

type Key = { table: string; columns: string[] };

const uniqueKeys = (table: (typeof tables)[number]): Key[] => [
  ...table.columns.filter((column) => column.isUnique).map((column) => ({ table: table.name, columns: [column.name] })),
  ...table.uniqueConstraints.map((key) => ({ table: table.name, columns: key.columns.map((column) => column.name) })),
  ...table.indexes
    .filter((index) => index.config.unique)
    .map((index) => ({
      table: table.name,
      columns: index.config.columns.map((column) => ("name" in column ? String(column.name) : "(expression)")),
    })),
];

const primaryKey = (table: (typeof tables)[number]): string[] => [
  ...table.columns.filter((column) => column.primary).map((column) => column.name),
  ...table.primaryKeys.flatMap((key) => key.columns.map((column) => column.name)),
];

describe("tenant tables are keyed by the company", () => {
  it("finds the tenant tables and the directories in the schema", () => {
    expect(tenantTables.map((table) => table.name)).toEqual(expect.arrayContaining(["cards", "transactions"]));
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(Object.keys(DIRECTORIES)));
  });

  it("has every unique key of a tenant table include project_id", () => {
    const global = tenantTables
      .flatMap(uniqueKeys)
      .filter((key) => !key.columns.includes("project_id"))
      .map((key) => `${key.table}.${key.columns.join(",")}`);
    expect(global).toEqual([]);
  });

  it("has every primary key of a tenant table include project_id", () => {
    const unkeyed = tenantTables
      .filter((table) => !primaryKey(table).includes("project_id"))
      .map((table) => table.name);
    expect(unkeyed).toEqual([]);
  });
});
