import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";

/** The SQL of e-mail aliases: every statement is scoped by the user the aliases belong to. */

export type EmailAddressRecord = { id: string; email: string; verified_at: Date | null; created_at: Date };
type Raw = { id: string; email: string; verified_at: string | Date | null; created_at: string | Date };
const dateOf = (value: string | Date) => (value instanceof Date ? value : new Date(value));
const recordOf = (row: Raw): EmailAddressRecord => ({
  id: row.id,
  email: row.email,
  verified_at: row.verified_at === null ? null : dateOf(row.verified_at),
  created_at: dateOf(row.created_at),
});

export const addressesOf = async (db: Executor, userId: string): Promise<EmailAddressRecord[]> => {
  const result = await db.execute<Raw>(sql`
    select id, email, verified_at, created_at from email_addresses
     where user_id = ${userId} order by created_at, id`);
  return result.rows.map(recordOf);
};

/**
 * Adds the alias unless some user has the address, as sign-in e-mail or as alias (email_addresses.email is unique:
 * an inbound receipt e-mail must map to one person). Null when taken; the unique index decides under races.
 */
export const insertAddress = async (
  db: Executor,
  values: { userId: string; email: string; now: Date },
): Promise<EmailAddressRecord | null> => {
  const result = await db.execute<Raw>(sql`
    insert into email_addresses (user_id, email, created_at)
    select ${values.userId}, ${values.email}, ${values.now}
     where not exists (select 1 from users where email = ${values.email})
    on conflict (email) do nothing
    returning id, email, verified_at, created_at`);
  const row = result.rows[0];
  return row ? recordOf(row) : null;
};

export const countAddresses = async (db: Executor, userId: string): Promise<number> => {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from email_addresses where user_id = ${userId}`,
  );
  return result.rows[0]?.count ?? 0;
};

/** Marks the alias verified (the first verification stands); null when it no longer exists. */
export const verifyAddress = async (db: Executor, id: string, now: Date): Promise<EmailAddressRecord | null> => {
  const result = await db.execute<Raw>(sql`
    update email_addresses set verified_at = coalesce(verified_at, ${now}) where id = ${id}
    returning id, email, verified_at, created_at`);
  const row = result.rows[0];
  return row ? recordOf(row) : null;
};

export const deleteAddress = async (db: Executor, userId: string, id: string): Promise<boolean> => {
  const result = await db.execute(sql`delete from email_addresses where id = ${id} and user_id = ${userId}`);
  return (result.rowCount ?? 0) > 0;
};

/** One of the user's aliases, locked for a change (another user's reads as none). */
export const lockAddress = async (db: Executor, userId: string, id: string): Promise<EmailAddressRecord | null> => {
  const result = await db.execute<Raw>(sql`
    select id, email, verified_at, created_at from email_addresses
     where id = ${id} and user_id = ${userId} for update`);
  const row = result.rows[0];
  return row ? recordOf(row) : null;
};

/**
 * The alias becomes the sign-in address and the sign-in address an alias (verified: it received the sign-in's
 * mail until now), in the alias's own row. The alias row takes the old address first, so each address stays in
 * exactly one place, as the unique keys of users.email and email_addresses.email and insertAddress's check keep it.
 */
export const swapSignInAddress = async (
  db: Executor,
  change: { userId: string; aliasId: string; signInEmail: string; aliasEmail: string; now: Date },
): Promise<void> => {
  await db.execute(sql`
    update email_addresses set email = ${change.signInEmail}, verified_at = ${change.now}
     where id = ${change.aliasId} and user_id = ${change.userId}`);
  await db.execute(sql`
    update users set email = ${change.aliasEmail}, updated_at = ${change.now} where id = ${change.userId}`);
};

/** The user's stored language, for the e-mail made for them. */
export const storedLocaleOf = async (db: Executor, userId: string): Promise<string | null> => {
  const result = await db.execute<{ locale: string }>(sql`select locale from users where id = ${userId}`);
  return result.rows[0]?.locale ?? null;
};
