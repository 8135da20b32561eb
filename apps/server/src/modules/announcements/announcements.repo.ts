import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { afterTimeCursor, type KeysetCursor } from "../../platform/db/keyset-cursor.ts";

export type AnnouncementRecord = {
  id: string;
  title: string;
  body: string;
  url: string | null;
  locale: string | null;
  published_at: Date;
  expires_at: Date | null;
  acknowledged_at: Date | null;
};

type Raw = Record<keyof AnnouncementRecord, string | Date | null>;
const dateOf = (value: string | Date | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);
const recordOf = (row: Raw): AnnouncementRecord => ({
  id: String(row.id),
  title: String(row.title),
  body: String(row.body),
  url: row.url === null ? null : String(row.url),
  locale: row.locale === null ? null : String(row.locale),
  published_at: dateOf(row.published_at) ?? new Date(0),
  expires_at: dateOf(row.expires_at),
  acknowledged_at: dateOf(row.acknowledged_at),
});

export type Reader = { projectId: string; userId: string; now: Date };

/**
 * What a reader may see: published, not expired, addressed to every company or to theirs, in their stored language
 * or in none. The one condition both the list and the acknowledgement use, so one cannot acknowledge what one
 * cannot read.
 */
const visibleTo = (reader: Reader) => sql`
  a.published_at <= ${reader.now}
  and (a.expires_at is null or a.expires_at > ${reader.now})
  and (a.project_id is null or a.project_id = ${reader.projectId})
  and (a.locale is null or a.locale = (select u.locale from users u where u.id = ${reader.userId}))`;

/** Newest first by keyset on (published_at, id), each with the reader's acknowledgement; `limit + 1` rows. */
export const announcementsPage = async (
  db: Executor,
  reader: Reader,
  options: { cursor: KeysetCursor | null; limit: number; unacknowledgedOnly: boolean },
): Promise<(AnnouncementRecord & { timeKey: string })[]> => {
  const after = options.cursor ? sql`and ${afterTimeCursor(sql`a.published_at`, sql`a.id`, options.cursor)}` : sql``;
  const open = options.unacknowledgedOnly ? sql`and k.acknowledged_at is null` : sql``;
  const result = await db.execute<Raw & { time_key: string }>(sql`
    select a.id, a.title, a.body, a.url, a.locale, a.published_at, a.expires_at, k.acknowledged_at,
           a.published_at::text as time_key
      from announcements a
      left join announcement_acknowledgements k on k.announcement_id = a.id and k.user_id = ${reader.userId}
     where ${visibleTo(reader)} ${open} ${after}
     order by a.published_at desc, a.id desc
     limit ${options.limit + 1}`);
  return result.rows.map((row) => ({ ...recordOf(row), timeKey: row.time_key }));
};

/** Records the reader's acknowledgement of a visible announcement (again: the first stands); null when not visible. */
export const acknowledge = async (db: Executor, reader: Reader, id: string): Promise<Date | null> => {
  const result = await db.execute<{ acknowledged_at: string | Date }>(sql`
    with visible as (select a.id from announcements a where a.id = ${id} and ${visibleTo(reader)}),
    added as (
      insert into announcement_acknowledgements (announcement_id, user_id, acknowledged_at)
      select id, ${reader.userId}, ${reader.now} from visible
      on conflict (announcement_id, user_id) do nothing
      returning acknowledged_at)
    select acknowledged_at from added
    union all
    select k.acknowledged_at from announcement_acknowledgements k join visible v on v.id = k.announcement_id
     where k.user_id = ${reader.userId}
    limit 1`);
  return dateOf(result.rows[0]?.acknowledged_at ?? null);
};

export const insertAnnouncement = async (
  db: Executor,
  values: {
    title: string;
    body: string;
    url: string | null;
    locale: string | null;
    projectId: string | null;
    expiresAt: Date | null;
    now: Date;
  },
): Promise<AnnouncementRecord> => {
  const result = await db.execute<Raw>(sql`
    insert into announcements (project_id, locale, title, body, url, published_at, expires_at, created_at)
    values (${values.projectId}, ${values.locale}, ${values.title}, ${values.body}, ${values.url}, ${values.now},
            ${values.expiresAt}, ${values.now})
    returning id, title, body, url, locale, published_at, expires_at, null::timestamptz as acknowledged_at`);
  const row = result.rows[0];
  if (!row) throw new Error("The announcement insert returned nothing");
  return recordOf(row);
};

export const projectExists = async (db: Executor, projectId: string): Promise<boolean> => {
  const result = await db.execute(sql`select 1 from projects where id = ${projectId}`);
  return result.rows.length > 0;
};
