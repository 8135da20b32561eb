import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";

/**
 * Records one hit on `key` and answers how many hits `key` has had since `since`, this one included, with
 * the oldest of them. One statement: hits older than `purgeBefore` (of any key) are deleted on the way, so
 * the table holds one window's traffic.
 */
export const recordHit = async (
  db: Db,
  input: { key: string; at: Date; since: Date; purgeBefore: Date },
): Promise<{ hits: number; oldest: Date }> => {
  const result = await db.execute<{ n: number; oldest: Date | string | null }>(sql`
    with purge as (delete from rate_limit_hits where created_at < ${input.purgeBefore.toISOString()}),
      hit as (insert into rate_limit_hits (key, created_at) values (${input.key}, ${input.at.toISOString()}))
    select count(*)::int as n, min(created_at) as oldest
    from rate_limit_hits
    where key = ${input.key} and created_at > ${input.since.toISOString()}`);
  const row = result.rows[0];
  // The statement's snapshot does not see its own insert: add it.
  const oldest = row?.oldest ? new Date(row.oldest) : input.at;
  return { hits: (row?.n ?? 0) + 1, oldest };
};
