import type { ExportFormat, ExportLevel } from "@kort/core";
import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";

/** Daily exports a company set up (`scheduled_exports`): every statement names the company, but the run's claim. */

export type ScheduleRecord = {
  id: string;
  project_id: string;
  level: ExportLevel;
  file_type: ExportFormat;
  hour: number;
  exclude_booked: boolean;
  mark_as_booked: boolean;
  enabled: boolean;
  last_run_at: Date | null;
  created_by: string | null;
  created_at: Date;
};

const COLUMNS = sql`id, project_id, level, file_type, hour, exclude_booked, mark_as_booked, enabled, last_run_at,
  created_by, created_at`;

export const schedulesOf = async (db: Executor, projectId: string): Promise<ScheduleRecord[]> =>
  (
    await db.execute<ScheduleRecord>(sql`
      select ${COLUMNS} from scheduled_exports where project_id = ${projectId} order by created_at, id`)
  ).rows;

export const insertSchedule = async (
  tx: Executor,
  values: Pick<
    ScheduleRecord,
    "project_id" | "file_type" | "hour" | "exclude_booked" | "mark_as_booked" | "created_by"
  > & {
    now: Date;
  },
): Promise<ScheduleRecord> => {
  const result = await tx.execute<ScheduleRecord>(sql`
    insert into scheduled_exports (project_id, level, file_type, hour, exclude_booked, mark_as_booked, created_by,
                                   created_at, updated_at)
    values (${values.project_id}, 'PROJECT', ${values.file_type}, ${values.hour}, ${values.exclude_booked},
            ${values.mark_as_booked}, ${values.created_by}, ${values.now}, ${values.now})
    returning ${COLUMNS}`);
  const row = result.rows[0];
  if (!row) throw new Error("The scheduled export was not inserted");
  return row;
};

export const updateSchedule = async (
  tx: Executor,
  projectId: string,
  id: string,
  change: { enabled?: boolean; hour?: number },
  now: Date,
): Promise<ScheduleRecord | null> => {
  const result = await tx.execute<ScheduleRecord>(sql`
    update scheduled_exports
       set enabled = coalesce(${change.enabled ?? null}::boolean, enabled),
           hour = coalesce(${change.hour ?? null}::smallint, hour), updated_at = ${now}
     where project_id = ${projectId} and id = ${id}
     returning ${COLUMNS}`);
  return result.rows[0] ?? null;
};

export const deleteSchedule = async (tx: Executor, projectId: string, id: string): Promise<boolean> => {
  const result = await tx.execute(sql`
    delete from scheduled_exports where project_id = ${projectId} and id = ${id} returning id`);
  return result.rows.length > 0;
};

/**
 * The schedules due at `now`'s hour that have not run since its start, claimed for this run: stamped with
 * `last_run_at` under a row lock skipped by others, so two servers' ticks run each once.
 */
export const claimDueSchedules = async (tx: Executor, now: Date): Promise<ScheduleRecord[]> => {
  const hourStart = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  const result = await tx.execute<ScheduleRecord>(sql`
    with due as (
      select id from scheduled_exports
       where enabled and hour = ${now.getUTCHours()} and (last_run_at is null or last_run_at < ${hourStart})
       order by id
       for update skip locked
       limit 100)
    update scheduled_exports s set last_run_at = ${now}, updated_at = ${now}
      from due where s.id = due.id
    returning ${sql.raw("s.id, s.project_id, s.level, s.file_type, s.hour, s.exclude_booked, s.mark_as_booked, s.enabled, s.last_run_at, s.created_by, s.created_at")}`);
  return result.rows;
};
