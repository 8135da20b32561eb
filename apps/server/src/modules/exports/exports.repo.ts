import type { ExportFormat, ExportLevel, JobStatus } from "@kort/core";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { afterTimeCursor, type KeysetCursor } from "../../platform/db/keyset-cursor.ts";
import type { RowNeed } from "./export-line.ts";
import { PAYDAY_VAT_BASIS_POINTS, UBL_TAX_CATEGORIES } from "./formats/journal.ts";

/**
 * Exports in SQL. The rows an export writes are one statement over `transactions t` under the stored selection's
 * condition, in (date, id) order, streamed with COPY so a million rows cost no memory beyond a batch; every
 * statement names the company.
 */

export type ExportRecord = {
  id: string;
  project_id: string;
  file_type: ExportFormat;
  level: ExportLevel;
  status: JobStatus;
  processed_count: number;
  total_count: number;
  filter: Record<string, unknown>;
  exclude_booked: boolean;
  mark_as_booked: boolean;
  leave_out_unfit: boolean;
  locale: string;
  file_name: string | null;
  file_blob_key: string | null;
  file_size: number | null;
  error: string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
};

const COLUMNS = sql`e.id, e.project_id, e.file_type, e.level, e.status, e.processed_count, e.total_count, e.filter,
  e.exclude_booked, e.mark_as_booked, e.leave_out_unfit, e.locale, e.file_name, e.file_blob_key,
  e.file_size::float8 as file_size, e.error, e.created_by, u.full_name as created_by_name, e.created_at,
  e.updated_at, e.completed_at`;

export type NewExport = {
  projectId: string;
  fileType: ExportFormat;
  level: ExportLevel;
  filter: Record<string, unknown>;
  excludeBooked: boolean;
  markAsBooked: boolean;
  leaveOutUnfit: boolean;
  locale: string;
  totalCount: number;
  createdBy: string | null;
  /** The daily export this run belongs to, if any. */
  scheduledExportId?: string;
  now: Date;
};

export const insertExport = async (tx: Executor, values: NewExport): Promise<string> => {
  const result = await tx.execute<{ id: string }>(sql`
    insert into exports (project_id, file_type, level, status, filter, exclude_booked, mark_as_booked,
                         leave_out_unfit, locale, total_count, created_by, scheduled_export_id, created_at, updated_at)
    values (${values.projectId}, ${values.fileType}, ${values.level}, 'pending', ${JSON.stringify(values.filter)}::jsonb,
            ${values.excludeBooked}, ${values.markAsBooked}, ${values.leaveOutUnfit}, ${values.locale},
            ${values.totalCount}, ${values.createdBy}, ${values.scheduledExportId ?? null}, ${values.now}, ${values.now})
    returning id`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error("The export was not inserted");
  return id;
};

export const findExport = async (db: Executor, projectId: string, id: string): Promise<ExportRecord | null> => {
  const result = await db.execute<ExportRecord>(sql`
    select ${COLUMNS} from exports e left join users u on u.id = e.created_by
     where e.project_id = ${projectId} and e.id = ${id}`);
  return result.rows[0] ?? null;
};

/** Recent exports, newest first by keyset; `createdBy` narrows to one person's (a team admin, an employee). */
export const exportsPage = async (
  db: Executor,
  projectId: string,
  page: { createdBy: string | null; after: KeysetCursor | null; limit: number },
): Promise<(ExportRecord & { timeKey: string })[]> => {
  const mine = page.createdBy ? sql`and e.created_by = ${page.createdBy}` : sql``;
  const after = page.after ? sql`and ${afterTimeCursor(sql`e.created_at`, sql`e.id`, page.after)}` : sql``;
  const result = await db.execute<ExportRecord & { timeKey: string }>(sql`
    select ${COLUMNS}, e.created_at::text as "timeKey" from exports e left join users u on u.id = e.created_by
     where e.project_id = ${projectId} ${mine} ${after}
     order by e.created_at desc, e.id desc
     limit ${page.limit}`);
  return result.rows;
};

/**
 * Takes an export for this worker: waiting ones only, so a task delivered twice (a retry, the sweep) runs once.
 * Nothing of an earlier attempt stays: its items go.
 */
export const claimExport = async (tx: Executor, id: string, now: Date): Promise<ExportRecord | null> => {
  const result = await tx.execute<{ id: string; project_id: string }>(sql`
    update exports set status = 'started', processed_count = 0, error = null, updated_at = ${now}
     where id = ${id} and status in ('created', 'pending')
     returning id, project_id`);
  const claimed = result.rows[0];
  if (!claimed) return null;
  await tx.execute(sql`delete from export_batches where project_id = ${claimed.project_id} and export_id = ${id}`);
  return findExport(tx, claimed.project_id, id);
};

/** The export's own conditions on top of the selection: settled rows only, and not booked ones on request. */
export const exportCondition = (selection: SQL, options: { excludeBooked: boolean; unfit?: SQL | null }): SQL => {
  const parts = [selection, sql`t.closed_at is not null`];
  if (options.excludeBooked) parts.push(sql`t.latest_export_id is null`);
  if (options.unfit) parts.push(sql`not ${options.unfit}`);
  return sql.join(parts, sql` and `);
};

export const countTransactions = async (db: Executor, where: SQL): Promise<number> => {
  const result = await db.execute<{ count: string }>(
    sql`select count(*)::text as count from transactions t where ${where}`,
  );
  return Number(result.rows[0]?.count ?? 0);
};

/** Ids as one text parameter made into uuid[] by PostgreSQL: cheaper to send than an array parameter's encoding. */
export const uuidList = (ids: readonly string[]): SQL => sql`string_to_array(${ids.join(",")}, ',')::uuid[]`;

/**
 * The seller of a UBL document, as Kort knows it: read from one of the transaction's receipts (its kennitala with a
 * valid check digit, VSK-númer, street and postcode; receipt-reading), the newest such reading. A card network gives a
 * merchant's name and country only.
 */
export const SELLER_READINGS = sql`receipts r
      join receipt_readings x on x.project_id = r.project_id and x.receipt_id = r.id
     where r.project_id = t.project_id and r.transaction_id = t.id and r.deleted_at is null and x.status = 'read'
       and x.kennitala is not null and x.vat_number is not null and x.street is not null and x.postcode is not null`;

/** How a row lacks what a format needs (in SQL, for the list shown before exporting and to leave rows out). */
const LACKS: Record<RowNeed, SQL> = {
  account: sql`(coalesce((select nullif(code, '') from categories where id = t.category_id), '') = '')`,
  department: sql`(t.team_id is not null
    and coalesce((select nullif(account_code, '') from teams where id = t.team_id), '') = '')`,
  vat_rate: sql`(t.tax_category_id is not null and (select round(percentage * 100) from tax_categories
    where id = t.tax_category_id) not in (${sql.join(
      PAYDAY_VAT_BASIS_POINTS.map((rate) => sql`${rate}`),
      sql`, `,
    )}))`,
  ubl_tax_category: sql`(coalesce((select peppol_code from tax_categories where id = t.tax_category_id), '')
    not in (${sql.join(
      UBL_TAX_CATEGORIES.map((code) => sql`${code}`),
      sql`, `,
    )}))`,
  seller: sql`(t.receipt_count = 0 or not exists (select 1 from ${SELLER_READINGS}))`,
};

/** The reasons a row is listed with, in the order the needs are named. */
export const REASON_OF: Record<RowNeed, string> = {
  account: "MISSING_ACCOUNT",
  department: "MISSING_DEPARTMENT",
  vat_rate: "UNSUPPORTED_VAT_RATE",
  ubl_tax_category: "MISSING_TAX_CATEGORY",
  seller: "MISSING_SELLER",
};

/** A row lacking any of `needs`, or null when the format needs nothing. */
export const unfitCondition = (needs: readonly RowNeed[]): SQL | null =>
  needs.length === 0
    ? null
    : sql`(${sql.join(
        needs.map((need) => LACKS[need]),
        sql` or `,
      )})`;

export type UnfitRow = {
  id: string;
  merchant_name: string;
  transaction_date: Date;
  transaction_amount: string;
  lacks: RowNeed[];
};

/** The first rows a format cannot carry, with what each lacks: shown with a link to fix each. */
export const unfitRows = async (
  db: Executor,
  where: SQL,
  needs: readonly RowNeed[],
  limit: number,
): Promise<UnfitRow[]> => {
  const unfit = unfitCondition(needs);
  if (!unfit) return [];
  const flags = sql.join(
    needs.map((need) => sql`case when ${LACKS[need]} then ${need} end`),
    sql`, `,
  );
  const result = await db.execute<Omit<UnfitRow, "lacks"> & { lacks: (RowNeed | null)[] }>(sql`
    select t.id, t.merchant_name, t.transaction_date, t.transaction_amount::text as transaction_amount,
           array[${flags}]::text[] as lacks
      from transactions t
     where ${where} and ${unfit}
     order by t.transaction_date, t.id
     limit ${limit}`);
  return result.rows.map((row) => ({ ...row, lacks: row.lacks.filter((need): need is RowNeed => need !== null) }));
};

/**
 * Moves the progress bar past a batch and, for an export that marks its rows as booked, records the batch's rows
 * (completeExport stamps them), in one statement: one round trip per batch besides its read. Without
 * mark_as_booked the rows are not recorded: nothing else reads them, and sending each batch's 1,000 ids to be
 * written is work for both the exports process and PostgreSQL.
 */
export const recordBatch = async (
  db: Executor,
  batch: {
    projectId: string;
    exportId: string;
    number: number;
    /** The batch's rows, or null when the export does not mark them as booked. */
    transactionIds: readonly string[] | null;
    processed: number;
  },
  now: Date,
): Promise<void> => {
  const progress = sql`
    update exports set processed_count = ${batch.processed}, updated_at = ${now}
     where id = ${batch.exportId} and status = 'started'`;
  if (batch.transactionIds === null) {
    await db.execute(progress);
    return;
  }
  await db.execute(sql`
    with recorded as (
      insert into export_batches (project_id, export_id, batch, transaction_ids)
      values (${batch.projectId}, ${batch.exportId}, ${batch.number}, ${uuidList(batch.transactionIds)})
    )
    ${progress}`);
};

/**
 * Completes an export: the file's place, and with mark_as_booked every exported row stamped with it, in one
 * transaction, so the flags and the file appear together or not at all.
 */
export const completeExport = async (
  tx: Executor,
  record: { id: string; projectId: string; markAsBooked: boolean },
  file: { name: string; key: string; size: number; processed: number },
  now: Date,
): Promise<void> => {
  if (record.markAsBooked) {
    await tx.execute(sql`
      update transactions t set latest_export_id = ${record.id}, updated_at = ${now}
        from (select unnest(b.transaction_ids) as transaction_id from export_batches b
               where b.project_id = ${record.projectId} and b.export_id = ${record.id}) i
       where t.id = i.transaction_id and t.project_id = ${record.projectId}`);
  }
  await tx.execute(sql`
    update exports set status = 'completed', file_name = ${file.name}, file_blob_key = ${file.key},
                       file_size = ${file.size}, processed_count = ${file.processed},
                       total_count = ${file.processed}, completed_at = ${now},
                       updated_at = ${now}
     where id = ${record.id}`);
};

export const failExport = async (db: Executor, id: string, code: string, now: Date): Promise<void> => {
  await db.execute(sql`
    update exports set status = 'failed', error = ${code}, updated_at = ${now} where id = ${id}`);
};

/** A failed export back in the queue, as it was created, with its rows counted again for the progress bar. */
export const requeueExport = async (
  tx: Executor,
  projectId: string,
  id: string,
  total: number,
  now: Date,
): Promise<boolean> => {
  const result = await tx.execute(sql`
    update exports set status = 'pending', processed_count = 0, total_count = ${total}, error = null,
                       updated_at = ${now}
     where project_id = ${projectId} and id = ${id} and status = 'failed'
     returning id`);
  return result.rows.length > 0;
};

/**
 * Exports waiting longer than `waitingSince` for a worker (a task lost between commit and send), and exports left
 * started since `stuckSince` by a worker that died: the latter go back to waiting. Answers the ids to send again.
 */
export const unfinishedExports = async (
  db: Executor,
  waitingSince: Date,
  stuckSince: Date,
  now: Date,
): Promise<string[]> => {
  await db.execute(sql`
    update exports set status = 'pending', updated_at = ${now}
     where status = 'started' and updated_at < ${stuckSince}`);
  const result = await db.execute<{ id: string }>(sql`
    select id from exports where status in ('created', 'pending') and updated_at < ${waitingSince}
     order by updated_at limit 100`);
  return result.rows.map((row) => row.id);
};

/** The company as an export writes it: the journal's owner and the UBL documents' buyer, with its settings. */
export const companyOf = async (db: Executor, projectId: string) => {
  const result = await db.execute<{
    title: string;
    kennitala: string;
    street: string | null;
    city: string | null;
    postcode: string | null;
    vat_number: string | null;
    preferences: Record<string, unknown> | null;
  }>(sql`
    select title, kennitala, address_street as street, address_city as city, address_postcode as postcode,
           preferences ->> 'vat_number' as vat_number, preferences
      from projects where id = ${projectId}`);
  const row = result.rows[0];
  if (!row) throw new Error(`project ${projectId} is missing`);
  return row;
};
