import {
  EXPORT_FORMATS,
  EXPORT_LEVELS,
  type ExportFormat,
  type ExportLevel,
  isUuid,
  type JobStatus,
  LOCALES,
} from "@kort/core";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { writeAudit } from "../../platform/audit/audit.ts";
import { timeCursorFromText, timePageOf } from "../../platform/db/keyset-cursor.ts";
import { AppError } from "../../platform/errors.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { listScope } from "../../platform/http/list-scope.ts";
import { type AppDeps, FileAnswer } from "../../platform/http/rest.ts";
import { publicBaseUrl } from "../../platform/outbox/links.ts";
import { resolveSelection, type StoredSelection, selectionCondition } from "../transactions/ledger.service.ts";
import { assertTransactionActionPossible } from "../transactions/transaction-access.ts";
import {
  companyOf,
  countTransactions,
  type ExportRecord,
  exportCondition,
  exportsPage,
  findExport,
  insertExport,
  REASON_OF,
  requeueExport,
  unfitCondition,
  unfitRows,
} from "./exports.repo.ts";
import { EXPORT_FORMAT_SPECS } from "./formats/index.ts";

/**
 * Exports (issue 14): a person asks for the rows of a selection in a format; the request checks and records the
 * export, and a task writes the file from the database (a COPY of its rows) to a temporary file, then to the blob
 * store, reporting progress as it goes (export-task.ts). mark_as_booked stamps the rows in the transaction that
 * completes it.
 */

export const EXPORTS_QUEUE = "exports.run";
/** How many rows that cannot be carried are listed before exporting (the count covers all of them). */
const UNFIT_LISTED = 50;

export type ExportDto = {
  id: string;
  file_type: ExportFormat;
  level: ExportLevel;
  status: JobStatus;
  processed_count: number;
  total_count: number;
  exclude_booked: boolean;
  mark_as_booked: boolean;
  file_name: string | null;
  file_size: number | null;
  file_url: string | null;
  url_expires_at: Date | null;
  error: string | null;
  created_by_name: string | null;
  created_at: Date;
  completed_at: Date | null;
};

export const exportFilePath = (id: string) => `/v1/exports/${id}/file`;

const toDto = (deps: Pick<AppDeps, "links" | "now">, row: ExportRecord): ExportDto => {
  const link =
    row.status === "completed" && row.file_blob_key
      ? deps.links.sign(exportFilePath(row.id), deps.links.expiryFrom(deps.now()))
      : null;
  return {
    id: row.id,
    file_type: row.file_type,
    level: row.level,
    status: row.status,
    processed_count: row.processed_count,
    total_count: row.total_count,
    exclude_booked: row.exclude_booked,
    mark_as_booked: row.mark_as_booked,
    file_name: row.file_name,
    file_size: row.file_size,
    file_url: link?.url ?? null,
    url_expires_at: link?.expiresAt ?? null,
    error: row.error,
    created_by_name: row.created_by_name,
    created_at: new Date(row.created_at),
    completed_at: row.completed_at ? new Date(row.completed_at) : null,
  };
};

const exportInputSchema = z.object({
  level: z.enum(EXPORT_LEVELS),
  file_type: z.enum(EXPORT_FORMATS),
  selection: z.record(z.string(), z.unknown()),
  card_id: z.uuid().nullish(),
  user_id: z.uuid().nullish(),
  exclude_booked: z.boolean().nullish(),
  mark_as_booked: z.boolean().nullish(),
  leave_out_unfit: z.boolean().nullish(),
  locale: z.enum(LOCALES).nullish(),
});

type ExportInput = z.infer<typeof exportInputSchema>;

const levelMismatch = (message: string) =>
  new AppError("VALIDATION_FAILED", message, { issues: [{ path: "level", message }] });

/**
 * The level's rows as a selection: PROJECT is the whole filter; CARD and USER the filter narrowed to one card or
 * person; TRANSACTION the rows picked (or all of the filter but those left out).
 */
const selectionOfLevel = (input: ExportInput): Record<string, unknown> => {
  const { selection } = input;
  const filter = (selection.filter ?? {}) as Record<string, unknown>;
  switch (input.level) {
    case "PROJECT":
      if (!("filter" in selection) || "transaction_ids" in selection) {
        throw levelMismatch("A company export takes the filter, not picked rows.");
      }
      return { filter };
    case "CARD":
      if (!input.card_id) throw levelMismatch("A card export names its card.");
      return { filter: { ...filter, card_ids: [input.card_id] } };
    case "USER":
      if (!input.user_id) throw levelMismatch("A cardholder export names the cardholder.");
      return { filter: { ...filter, user_ids: [input.user_id] } };
    case "TRANSACTION":
      return selection;
  }
};

/** Where the receipt links of the file point: the dashboard's address, as the person asking for it reached it. */
const receiptBaseOf = (deps: AppDeps, ctx: ProjectContext): string => {
  try {
    return publicBaseUrl(deps.config, ctx.origin);
  } catch {
    return "";
  }
};

type Prepared = { input: ExportInput; stored: StoredSelection; where: ReturnType<typeof exportCondition> };

const prepare = async (deps: AppDeps, ctx: ProjectContext, raw: unknown): Promise<Prepared> => {
  // Deny first: a role that may never export learns nothing of the input's ids.
  assertTransactionActionPossible(ctx, "export");
  const input = exportInputSchema.parse(raw);
  const stored = await resolveSelection(deps, ctx, selectionOfLevel(input), "export");
  const where = exportCondition(selectionCondition(stored), { excludeBooked: input.exclude_booked ?? false });
  return { input, stored, where };
};

export const UNFIT_REASONS = [
  "MISSING_ACCOUNT",
  "MISSING_DEPARTMENT",
  "UNSUPPORTED_VAT_RATE",
  "MISSING_TAX_CATEGORY",
  "MISSING_SELLER",
] as const;
export type UnfitReason = (typeof UNFIT_REASONS)[number];

export type UnfitDto = {
  transaction_id: string;
  merchant: string;
  transaction_date: Date;
  amount: number;
  reasons: UnfitReason[];
};

export type ExportCheckDto = { total: number; unfit_count: number; unfit: UnfitDto[] };

export const formatOf = (fileType: ExportFormat) => {
  const spec = EXPORT_FORMAT_SPECS[fileType];
  if (!spec) {
    throw new AppError("VALIDATION_FAILED", "This format cannot be exported yet.", {
      issues: [{ path: "file_type", message: "Not available yet." }],
    });
  }
  return spec;
};

/**
 * Before exporting: how many rows the export would write, and those the format cannot carry, each with what it
 * lacks, so a person fixes them or leaves them out; never a silent gap.
 */
export const checkExport = async (deps: AppDeps, ctx: ProjectContext, raw: unknown): Promise<ExportCheckDto> => {
  const { input, where } = await prepare(deps, ctx, raw);
  const { needs } = formatOf(input.file_type);
  const unfit = unfitCondition(needs);
  const total = await countTransactions(deps.db, where);
  if (!unfit) return { total, unfit_count: 0, unfit: [] };
  const [count, rows] = await Promise.all([
    countTransactions(deps.db, sql`${where} and ${unfit}`),
    unfitRows(deps.db, where, needs, UNFIT_LISTED),
  ]);
  return {
    total,
    unfit_count: count,
    unfit: rows.map((row) => ({
      transaction_id: row.id,
      merchant: row.merchant_name,
      transaction_date: new Date(row.transaction_date),
      amount: Number(row.transaction_amount),
      reasons: row.lacks.map((need) => REASON_OF[need] as UnfitReason),
    })),
  };
};

/** The company is the buyer of every UBL document, and an Icelandic buyer needs its street and postcode (IS-R-005). */
const assertBuyerAddress = async (deps: AppDeps, projectId: string): Promise<void> => {
  const company = await companyOf(deps.db, projectId);
  if (!company.street?.trim() || !company.postcode?.trim()) {
    throw new AppError("EXPORT_COMPANY_ADDRESS_MISSING", "The company's street and postcode are missing.");
  }
};

/**
 * Creates an export and hands it to a worker. Refused when it would write nothing (EXPORT_EMPTY), or when rows
 * cannot be carried and the person did not ask to leave them out (EXPORT_ROWS_UNFIT, with the count).
 */
export const createExport = async (deps: AppDeps, ctx: ProjectContext, raw: unknown): Promise<ExportDto> => {
  const { input, stored, where } = await prepare(deps, ctx, raw);
  const spec = formatOf(input.file_type);
  if (spec.needs.includes("seller")) await assertBuyerAddress(deps, ctx.membership.projectId);
  const unfit = unfitCondition(spec.needs);
  const leaveOut = input.leave_out_unfit ?? false;
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    const total = await countTransactions(tx, leaveOut && unfit ? sql`${where} and not ${unfit}` : where);
    if (total === 0) throw new AppError("EXPORT_EMPTY", "There are no transactions to export.");
    if (unfit && !leaveOut) {
      const count = await countTransactions(tx, sql`${where} and ${unfit}`);
      if (count > 0) {
        throw new AppError("EXPORT_ROWS_UNFIT", "Some transactions cannot be exported in this format.", { count });
      }
    }
    const created = await insertExport(tx, {
      projectId: stored.projectId,
      fileType: input.file_type,
      level: input.level,
      filter: { ...stored, receipt_base: receiptBaseOf(deps, ctx) },
      excludeBooked: input.exclude_booked ?? false,
      markAsBooked: input.mark_as_booked ?? false,
      leaveOutUnfit: leaveOut,
      locale: input.locale ?? ctx.locale,
      totalCount: total,
      createdBy: ctx.user.id,
      now,
    });
    await writeAudit(tx, {
      action: "export.create",
      objectType: "export",
      objectId: created,
      projectId: stored.projectId,
      actorUserId: ctx.user.id,
      requestId: ctx.requestId,
      data: { level: input.level, file_type: input.file_type, total },
      at: now,
    });
    return created;
  });
  // After the commit: a lost send is found by the sweep, since the row says the export waits.
  await deps.tasks.send(EXPORTS_QUEUE, { export_id: id });
  return exportFor(deps, ctx, id);
};

/** Owners and accountants see the company's exports; others see their own. */
const createdByFilter = (ctx: ProjectContext): string | null =>
  listScope(ctx, "transaction", "export").kind === "project" ? null : ctx.user.id;

export const exportFor = async (deps: AppDeps, ctx: ProjectContext, id: string): Promise<ExportDto> => {
  const createdBy = createdByFilter(ctx);
  const row = isUuid(id) ? await findExport(deps.db, ctx.membership.projectId, id) : null;
  if (!row || (createdBy !== null && row.created_by !== createdBy)) {
    throw new AppError("NOT_FOUND", "The export was not found.");
  }
  return toDto(deps, row);
};

const pageSchema = z.object({ first: z.int().min(1).max(50).nullish(), after: timeCursorFromText.nullish() });

export const exportsFor = async (deps: AppDeps, ctx: ProjectContext, raw: unknown) => {
  const page = pageSchema.parse(raw);
  const limit = page.first ?? 20;
  const rows = await exportsPage(deps.db, ctx.membership.projectId, {
    createdBy: createdByFilter(ctx),
    after: page.after ?? null,
    limit: limit + 1,
  });
  const { nodes, next_cursor } = timePageOf(rows, limit);
  return { nodes: nodes.map((row) => toDto(deps, row)), next_cursor };
};

/** A failed export runs again, as it was asked for. */
export const retryExport = async (deps: AppDeps, ctx: ProjectContext, id: string): Promise<ExportDto> => {
  const current = await exportFor(deps, ctx, id);
  const now = deps.now();
  const requeued = await deps.db.transaction(async (tx) => {
    const record = await findExport(tx, ctx.membership.projectId, current.id);
    const total = record ? await countTransactions(tx, rowsOf(record)) : 0;
    const done = await requeueExport(tx, ctx.membership.projectId, current.id, total, now);
    if (done) {
      await writeAudit(tx, {
        action: "export.retry",
        objectType: "export",
        objectId: current.id,
        projectId: ctx.membership.projectId,
        actorUserId: ctx.user.id,
        requestId: ctx.requestId,
        at: now,
      });
    }
    return done;
  });
  if (!requeued) throw new AppError("CONFLICT", "Only a failed export can be retried.", { status: current.status });
  await deps.tasks.send(EXPORTS_QUEUE, { export_id: current.id });
  return exportFor(deps, ctx, current.id);
};

/** The rows an export writes: its selection as stored when it was asked for, with its options. */
export const rowsOf = (record: ExportRecord): SQL => {
  const unfit = record.leave_out_unfit ? unfitCondition(formatOf(record.file_type).needs) : null;
  const selection = selectionCondition(record.filter as unknown as StoredSelection);
  return exportCondition(selection, { excludeBooked: record.exclude_booked, unfit });
};

/** A signed link's target: the export's file, for whoever the link was handed to. */
export const openExportFile = async (
  deps: AppDeps,
  id: string,
  query: { expires?: string; signature?: string },
): Promise<FileAnswer> => {
  const now = deps.now();
  deps.links.verify(exportFilePath(id), query, now);
  const result = isUuid(id)
    ? await deps.db.execute<{ file_name: string; file_blob_key: string; file_type: ExportFormat }>(
        sql`select file_name, file_blob_key, file_type from exports where id = ${id} and status = 'completed'`,
      )
    : { rows: [] };
  const row = result.rows[0];
  if (!row) throw new AppError("NOT_FOUND", "The export was not found.");
  const blob = await deps.blobs.get(row.file_blob_key);
  if (!blob) throw new AppError("NOT_FOUND", "The export's file was not found.");
  return new FileAnswer({
    stream: blob.stream,
    size: blob.size,
    contentType: formatOf(row.file_type).contentType,
    fileName: row.file_name,
    disposition: "attachment",
    maxAgeSeconds: (Number(query.expires) * 1000 - now.getTime()) / 1000,
  });
};
