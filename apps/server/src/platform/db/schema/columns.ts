import { sql } from "drizzle-orm";
import { bigint, customType, timestamp, uuid } from "drizzle-orm/pg-core";

/** Primary key: a UUID made by PostgreSQL (gen_random_uuid is built in since PG 13, no pgcrypto needed). */
export const id = () => uuid("id").primaryKey().defaultRandom();

/**
 * Primary key of a table written at a high rate into a large index (authorizations, transactions): a time-ordered
 * UUID, version 7 (platform/db/uuid-v7.ts), so new rows land on the index's newest page.
 */
export const timeOrderedId = () => uuid("id").primaryKey().default(sql`kort_uuid_v7()`);

/**
 * The id of a tenant row whose primary key is `(project_id, id)`, declared with the table's `primaryKey`: keys that
 * lead with the company, as a database distributed by `project_id` needs (docs/scaling.md).
 */
export const tenantRowId = () => uuid("id").notNull().defaultRandom();

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
