import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";

/**
 * How many support messages the user sent since `since`. The audit log records each one already (on the user as
 * its object, so audit_log_object_idx finds them); no table of its own is needed to count them.
 */
export const supportMessagesSince = async (db: Executor, userId: string, since: Date): Promise<number> => {
  const result = await db.execute<{ count: string | number }>(sql`
    select count(*) as count from audit_log
     where object_type = 'user' and object_id = ${userId}
       and action = 'support.message_sent' and created_at > ${since}`);
  return Number(result.rows[0]?.count ?? 0);
};
