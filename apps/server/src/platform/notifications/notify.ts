import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";

/**
 * An in-app notification for one person, written in the transaction of what it tells (so it exists exactly when
 * that happened). With a `dedupeKey`, a second notice of the same thing to the same person is not written.
 */
export type Notice = {
  projectId: string;
  userId: string;
  kind: string;
  payload: Record<string, unknown>;
  at: Date;
  dedupeKey?: string;
};

export const notify = async (tx: Executor, notice: Notice): Promise<void> => {
  const payload = JSON.stringify(notice.payload);
  await tx.execute(
    notice.dedupeKey === undefined
      ? sql`
        insert into notifications (project_id, user_id, kind, payload, created_at)
        values (${notice.projectId}, ${notice.userId}, ${notice.kind}, ${payload}::jsonb, ${notice.at})`
      : sql`
        insert into notifications (project_id, user_id, kind, payload, dedupe_key, created_at)
        values (${notice.projectId}, ${notice.userId}, ${notice.kind}, ${payload}::jsonb, ${notice.dedupeKey}, ${notice.at})
        on conflict (project_id, user_id, dedupe_key) do nothing`,
  );
};
