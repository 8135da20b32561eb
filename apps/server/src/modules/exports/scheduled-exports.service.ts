import { EXPORT_FORMATS, isoDate, isUuid } from "@kort/core";
import { z } from "zod";
import { writeAudit } from "../../platform/audit/audit.ts";
import { AppError } from "../../platform/errors.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { listScope } from "../../platform/http/list-scope.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import type { JobContext } from "../../platform/jobs/jobs.ts";
import { type StoredSelection, selectionCondition } from "../transactions/ledger.service.ts";
import { countTransactions, exportCondition, insertExport, unfitCondition } from "./exports.repo.ts";
import { EXPORTS_QUEUE } from "./exports.service.ts";
import { EXPORT_FORMAT_SPECS } from "./formats/index.ts";
import {
  claimDueSchedules,
  deleteSchedule,
  insertSchedule,
  type ScheduleRecord,
  schedulesOf,
  updateSchedule,
} from "./scheduled-exports.repo.ts";

/**
 * Scheduled exports (issue 14): a company's daily export, at an hour of its choosing (UTC), of every settled
 * transaction not yet booked, by default marking them booked, so each day's file holds what settled since the last.
 * Owners and accountants (`transaction export` over the whole company) manage them. A run is an export like any
 * other: in the exports list, its file through a signed link, its creator notified when it completes.
 */

export type ScheduleDto = Omit<ScheduleRecord, "project_id" | "created_by"> & { created_at: Date };

const toDto = (row: ScheduleRecord): ScheduleDto => ({
  id: row.id,
  level: row.level,
  file_type: row.file_type,
  hour: row.hour,
  exclude_booked: row.exclude_booked,
  mark_as_booked: row.mark_as_booked,
  enabled: row.enabled,
  last_run_at: row.last_run_at ? new Date(row.last_run_at) : null,
  created_at: new Date(row.created_at),
});

/** Only whoever exports the whole company (owners, accountants) sets up the company's daily export. */
const assertManages = (ctx: ProjectContext): void => {
  if (listScope(ctx, "transaction", "export").kind !== "project") {
    throw new AppError("ACCESS_DENIED", "Access denied. Please contact your team admin.", {
      resource: "transaction",
      action: "export",
    });
  }
};

const notFound = () => new AppError("NOT_FOUND", "The scheduled export was not found.");

export const schedulesFor = async (deps: AppDeps, ctx: ProjectContext): Promise<ScheduleDto[]> => {
  assertManages(ctx);
  return (await schedulesOf(deps.db, ctx.membership.projectId)).map(toDto);
};

const createSchema = z.object({
  file_type: z.enum(EXPORT_FORMATS),
  hour: z.int().min(0).max(23),
  exclude_booked: z.boolean().nullish(),
  mark_as_booked: z.boolean().nullish(),
});

const audited = (ctx: ProjectContext, action: string, id: string, now: Date, data?: Record<string, unknown>) => ({
  action,
  objectType: "scheduled_export",
  objectId: id,
  projectId: ctx.membership.projectId,
  actorUserId: ctx.user.id,
  requestId: ctx.requestId,
  data,
  at: now,
});

export const createScheduleFor = async (deps: AppDeps, ctx: ProjectContext, raw: unknown): Promise<ScheduleDto> => {
  assertManages(ctx);
  const input = createSchema.parse(raw);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await insertSchedule(tx, {
      project_id: ctx.membership.projectId,
      file_type: input.file_type,
      hour: input.hour,
      exclude_booked: input.exclude_booked ?? true,
      mark_as_booked: input.mark_as_booked ?? true,
      created_by: ctx.user.id,
      now,
    });
    await writeAudit(
      tx,
      audited(ctx, "scheduled_export.create", row.id, now, { file_type: row.file_type, hour: row.hour }),
    );
    return toDto(row);
  });
};

const updateSchema = z.object({
  id: z.string().max(100),
  enabled: z.boolean().nullish(),
  hour: z.int().min(0).max(23).nullish(),
});

export const updateScheduleFor = async (deps: AppDeps, ctx: ProjectContext, raw: unknown): Promise<ScheduleDto> => {
  assertManages(ctx);
  const input = updateSchema.parse(raw);
  if (!isUuid(input.id)) throw notFound();
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const change = { enabled: input.enabled ?? undefined, hour: input.hour ?? undefined };
    const row = await updateSchedule(tx, ctx.membership.projectId, input.id, change, now);
    if (!row) throw notFound();
    await writeAudit(tx, audited(ctx, "scheduled_export.update", row.id, now, change));
    return toDto(row);
  });
};

export const deleteScheduleFor = async (deps: AppDeps, ctx: ProjectContext, id: string): Promise<string> => {
  assertManages(ctx);
  if (!isUuid(id)) throw notFound();
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    if (!(await deleteSchedule(tx, ctx.membership.projectId, id))) throw notFound();
    await writeAudit(tx, audited(ctx, "scheduled_export.delete", id, now));
    return id;
  });
};

/** The run's rows: every settled transaction of the company up to today, booked ones left out unless asked. */
const selectionOf = (schedule: ScheduleRecord, now: Date): StoredSelection => ({
  projectId: schedule.project_id,
  scope: { kind: "project" },
  rules: { now: now.toISOString() },
  filter: { from_date: "2000-01-01", to_date: isoDate(now) },
  excluded_ids: [],
});

/**
 * The hourly tick: the schedules due this hour are claimed and each becomes an export (rows a journal format cannot
 * carry are left out, so one uncategorised purchase does not stop every day's file; they wait for a person), in
 * one transaction; the tasks are sent after it commits. A day with nothing to export makes no empty file.
 */
export const runDueSchedules = async (ctx: JobContext): Promise<void> => {
  const { now } = ctx;
  const created = await ctx.db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const schedule of await claimDueSchedules(tx, now)) {
      const spec = EXPORT_FORMAT_SPECS[schedule.file_type];
      const stored = selectionOf(schedule, now);
      const where = exportCondition(selectionCondition(stored), {
        excludeBooked: schedule.exclude_booked,
        unfit: unfitCondition(spec.needs),
      });
      const total = await countTransactions(tx, where);
      if (total === 0) continue;
      ids.push(
        await insertExport(tx, {
          projectId: schedule.project_id,
          fileType: schedule.file_type,
          level: schedule.level,
          filter: { ...stored },
          excludeBooked: schedule.exclude_booked,
          markAsBooked: schedule.mark_as_booked,
          leaveOutUnfit: true,
          locale: "is-IS",
          totalCount: total,
          createdBy: schedule.created_by,
          scheduledExportId: schedule.id,
          now,
        }),
      );
    }
    return ids;
  });
  for (const id of created) await ctx.tasks.send(EXPORTS_QUEUE, { export_id: id });
};
