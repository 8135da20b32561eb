import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { afterTimeCursor, type KeysetCursor } from "../../platform/db/keyset-cursor.ts";

/** The SQL of the notification calls: every statement is scoped by project and by the person the notices are for. */

export type NotificationRecord = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  read_at: Date | null;
  created_at: Date;
};

type Raw = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  read_at: string | Date | null;
  created_at: string | Date;
};

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));
const recordOf = (row: Raw): NotificationRecord => ({
  id: row.id,
  kind: row.kind,
  payload: row.payload,
  read_at: row.read_at === null ? null : toDate(row.read_at),
  created_at: toDate(row.created_at),
});

/**
 * One person's notices in one company, newest first, by keyset on (created_at, id), read by the index
 * notifications_user_project_created_idx; `limit + 1` rows so the caller knows whether more follow.
 */
export const notificationsPage = async (
  db: Executor,
  scope: { projectId: string; userId: string },
  options: { cursor: KeysetCursor | null; limit: number; unreadOnly: boolean },
): Promise<(NotificationRecord & { timeKey: string })[]> => {
  const after = options.cursor ? sql`and ${afterTimeCursor(sql`n.created_at`, sql`n.id`, options.cursor)}` : sql``;
  const unread = options.unreadOnly ? sql`and n.read_at is null` : sql``;
  const result = await db.execute<Raw & { time_key: string }>(sql`
    select n.id, n.kind, n.payload, n.read_at, n.created_at, n.created_at::text as time_key
      from notifications n
     where n.user_id = ${scope.userId} and n.project_id = ${scope.projectId} ${unread} ${after}
     order by n.created_at desc, n.id desc
     limit ${options.limit + 1}`);
  return result.rows.map((row) => ({ ...recordOf(row), timeKey: row.time_key }));
};

export const unreadCount = async (db: Executor, scope: { projectId: string; userId: string }): Promise<number> => {
  const result = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from notifications
     where user_id = ${scope.userId} and project_id = ${scope.projectId} and read_at is null`);
  return result.rows[0]?.count ?? 0;
};

/** Marks the given notices read (only the person's own in this company; ids of others change nothing). */
export const markRead = async (
  db: Executor,
  scope: { projectId: string; userId: string },
  ids: readonly string[] | "all",
  now: Date,
): Promise<number> => {
  const which = ids === "all" ? sql`` : sql`and id = any(${`{${ids.join(",")}}`}::uuid[])`;
  const result = await db.execute(sql`
    update notifications set read_at = ${now}
     where project_id = ${scope.projectId} and user_id = ${scope.userId} and read_at is null ${which}`);
  return result.rowCount ?? 0;
};
