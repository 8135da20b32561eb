import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, customType, foreignKey, timestamp, uuid } from "drizzle-orm/pg-core";

/** Primary key: a UUID made by PostgreSQL (gen_random_uuid is built in since PG 13, no pgcrypto needed). */
export const id = () => uuid("id").primaryKey().defaultRandom();

/**
 * The id of a tenant row, whose primary key includes `project_id` (declared with the table's `primaryKey`), as a
 * database distributed by `project_id` needs (docs/scaling.md): `(project_id, id)`, or `(id, project_id)` for a table
 * that other tables reference (`companyReference`), since calls from outside name some of those rows by id alone.
 */
export const tenantRowId = () => uuid("id").notNull().defaultRandom();

/**
 * `tenantRowId` of a table written at a high rate into a large index (authorizations, transactions): a time-ordered
 * UUID, version 7 (platform/db/uuid-v7.ts), so new rows land on the key's newest page.
 */
export const tenantTimeOrderedId = () => uuid("id").notNull().default(sql`kort_uuid_v7()`);

/**
 * A reference between two rows of one company: `(project_id, column)` to the parent's key `(id, project_id)` (a
 * foreign key matches a key's columns in any order), so that no row can name another company's (docs/scaling.md).
 * Drizzle cannot declare `ON DELETE SET NULL (column)`, and its plain SET NULL would null `project_id` too, which is
 * NOT NULL: a reference set null on delete is written so in its migration by hand (0032_company_references), and
 * app/company-references.test.ts checks in the database that each one nulls its own column only.
 */
export const companyReference = <TTable extends string, TParent extends string>(
  name: string,
  columns: [projectId: AnyPgColumn<{ tableName: TTable }>, column: AnyPgColumn<{ tableName: TTable }>],
  parent: { projectId: AnyPgColumn<{ tableName: TParent }>; id: AnyPgColumn<{ tableName: TParent }> },
) => foreignKey({ name, columns, foreignColumns: [parent.projectId, parent.id] });

/** Every timestamp is `timestamptz`; Iceland is UTC all year, but the column must not depend on that. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const createdAt = () => timestamptz("created_at").notNull().defaultNow();

/** Set by the repositories on every change (there is no trigger: the write path is ours alone). */
export const updatedAt = () => timestamptz("updated_at").notNull().defaultNow();

/**
 * Money in integer minor units (ISK has none, 1 kr = 1; USD 12.99 = 1299 with exponent 2), stored as `bigint`.
 * Read as a JS number on purpose: amounts, limits and credit lines are far below 2^53 (9.007e15), and numbers
 * travel through JSON and GraphQL unchanged, where `bigint` would need conversions at every edge.
 */
export const money = (name: string) => bigint(name, { mode: "number" });

/** Ciphertext of PAN and CVC (AES-256-GCM); drizzle has no built-in bytea column. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});
