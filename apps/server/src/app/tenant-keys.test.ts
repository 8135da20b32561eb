import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../platform/db/schema/index.ts";

/**
 * docs/scaling.md, checked on every run: a tenant table (one with a NOT NULL project_id) is keyed by the company,
 * as a database distributed by project_id needs. Every unique key includes project_id, but the global ones listed
 * here with their reason; the primary key includes it too, but where another table's foreign key points at the
 * `id` (those keys become (project_id, id) together with the foreign keys: the next step in docs/scaling.md).
 */

/** Unique keys that are global by nature; each is a blocker that docs/scaling.md describes. */
const GLOBAL_KEYS: Record<string, string> = {
  "cards.pan_lookup": "the network names a card by its number alone; needs a card directory (docs/scaling.md)",
  "invites.token_hash": "an invitation link is opened before anyone knows the company",
  "invoices.number": "invoice numbers are one sequence of the issuer (Kort), across companies",
  "referrals.code_hash": "a referral code is redeemed by a company that is not the referrer",
  "referrals.redeemed_project_id": "a company is referred once, whichever company referred it",
};

/** Tenant tables whose primary key has not moved yet, and why. */
const KEYS_LATER: Record<string, string> = {
  category_dimensions: "accounting's tables are reworked in parallel (issue 11): keyed when that lands",
};

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

const referenced = new Set(
  tables.flatMap((table) => table.foreignKeys.map((key) => getTableConfig(key.reference().foreignTable).name)),
);

const tenantTables = tables.filter((table) =>
  table.columns.some((column) => column.name === "project_id" && column.notNull),
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
  it("finds the tenant tables in the schema", () => {
    expect(tenantTables.map((table) => table.name)).toEqual(expect.arrayContaining(["cards", "transactions"]));
  });

  it("has every unique key of a tenant table include project_id, but the global ones listed", () => {
    const global = tenantTables
      .flatMap(uniqueKeys)
      .filter((key) => !key.columns.includes("project_id"))
      .map((key) => `${key.table}.${key.columns.join(",")}`);
    expect(global.sort()).toEqual(Object.keys(GLOBAL_KEYS).sort());
  });

  it("has every primary key of a tenant table include project_id, unless foreign keys point at its id", () => {
    const unkeyed = tenantTables
      .filter((table) => !primaryKey(table).includes("project_id") && !referenced.has(table.name))
      .map((table) => table.name);
    expect(unkeyed.sort()).toEqual(Object.keys(KEYS_LATER).sort());
  });
});
