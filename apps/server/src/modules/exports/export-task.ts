import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { isUuid, storedLocale } from "@kort/core";
import { type CopiedRow, copyRows } from "../../platform/db/copy-out.ts";
import { createEInvoiceSender } from "../../platform/einvoicing/einvoicing.ts";
import { AppError } from "../../platform/errors.ts";
import type { JobContext, TaskDeps } from "../../platform/jobs/jobs.ts";
import { notify } from "../../platform/notifications/notify.ts";
import type { StoredSelection } from "../transactions/ledger.service.ts";
import { exportAccountsOf } from "./export-accounts.service.ts";
import type { ExportLine } from "./export-line.ts";
import { batchDimensions, type DimensionValue, exportLineOf, hasDimensions, lineStatement } from "./export-rows.ts";
import {
  claimExport,
  companyOf,
  completeExport,
  type ExportRecord,
  failExport,
  recordBatch,
  unfinishedExports,
} from "./exports.repo.ts";
import { EXPORTS_QUEUE, formatOf, rowsOf } from "./exports.service.ts";
import { exportIssues } from "./formats/index.ts";

/**
 * The export's task (issue 14), run in the exports' own process (export-process.ts): the rows read with COPY in
 * batches, written by the format to a temporary file, the file put in the blob store and the export completed; and
 * the sweep that sends again what waits too long. The request side is exports.service.ts.
 */

/**
 * A promise read later (the batch read ahead, the batch being recorded): marked handled now, so that when the writer
 * fails first and it is never awaited, its own failure is not an unhandled rejection that stops the process.
 */
const quiet = <T>(promise: Promise<T>): Promise<T> => {
  promise.catch(() => undefined);
  return promise;
};

/** Rows per batch read and handed to the format. */
const BATCH = 1000;
/**
 * How often a running export records its progress (and, for mark_as_booked, the ids written since): each record is a
 * commit, and one per batch was 100 commits for 100,000 rows, which the writer waited on when the disk was slow.
 */
const RECORD_EVERY_MS = 250;
/** An export's statement may run as long as its task (pg-boss expires it after 15 minutes). */
const EXPORT_TIME_MS = 15 * 60_000;

const NONE: ReadonlyMap<string, DimensionValue[]> = new Map();

/** `kort-faerslur-2026-11-24-1a2b3c4d`: the day it was asked for and the export's own id, ASCII only. */
const fileStemOf = (record: ExportRecord, createdAt: Date) =>
  `kort-faerslur-${createdAt.toISOString().slice(0, 10)}-${record.id.slice(0, 8)}`;

/**
 * Writes one export (the task's work). Claims it first, so a task delivered twice runs once; rows are read with
 * COPY in batches and written to a temporary file, each batch moving the progress bar (and recorded, to be stamped,
 * on mark_as_booked); then the file goes to the blob store and the export completes (with the rows stamped on
 * mark_as_booked) in one transaction. A failure records its code.
 */
export const runExport = async (deps: TaskDeps, data: Record<string, unknown>): Promise<void> => {
  const id = typeof data.export_id === "string" && isUuid(data.export_id) ? data.export_id : null;
  if (!id) return;
  const record = await deps.db.transaction((tx) => claimExport(tx, id, deps.now()));
  if (!record) return;
  const folder = await mkdtemp(path.join(tmpdir(), "kort-export-"));
  try {
    const spec = formatOf(record.file_type);
    const where = rowsOf(record);
    const company = await companyOf(deps.db, record.project_id);

    const file = path.join(folder, "export");
    const out = createWriteStream(file);
    const receiptBase = typeof record.filter.receipt_base === "string" ? record.filter.receipt_base : "";
    const { id: exportId, file_type: fileType, project_id: projectId, mark_as_booked: markAsBooked } = record;
    const withSeller = { seller: spec.needs.includes("seller") };
    // The same adapter the invoices go out through. A document handed over is not taken back if the export fails
    // later; sent again on a retry it carries the same ID (the transaction's), which the access point knows.
    const sender = createEInvoiceSender(deps.config);
    const statement = lineStatement(where, withSeller);
    // A filter's rows are a range of a date index, read in its order; picked rows are found by their ids and sorted
    // (without a sort, PostgreSQL would walk the company's whole index to find them in order).
    const streamInOrder = "filter" in (record.filter as unknown as StoredSelection);
    // The progress bar's total is the count made when the export was asked for (or retried); the rows are not
    // counted again beside the writing, which cost PostgreSQL a second read of them. The export completes with the
    // number it wrote.
    let processed = 0;
    let passes = 0;
    /**
     * The export's rows, read from the start with COPY in batches. PostgreSQL runs ahead of the writer as far as the
     * socket lets it, and what was written is recorded (every RECORD_EVERY_MS) while the next batches are written, so
     * the database and the writer work side by side. The first read records and moves the progress; a format that
     * reads the rows again (DK's second file) does not count them twice.
     */
    async function* lineBatches(): AsyncGenerator<ExportLine[]> {
      passes += 1;
      const counting = passes === 1;
      let voucher = 0;
      let batches = 0;
      let recording: Promise<void> = Promise.resolve();
      let recordedAt = performance.now();
      /** The ids written since the last record, by batch (kept for mark_as_booked only). */
      let unrecorded: string[][] = [];
      /** Records what was written since the last record, once the record before it is done. */
      const recordWritten = async () => {
        await recording;
        batches += 1;
        const transactionIds = markAsBooked ? unrecorded.flat() : null;
        unrecorded = [];
        recordedAt = performance.now();
        const batch = { projectId, exportId, number: batches, transactionIds, processed };
        recording = quiet(recordBatch(deps.db, batch, deps.now()));
      };
      /** A batch and its dimension values, asked for as soon as the batch came, while the one before is written. */
      type Batch = { rows: CopiedRow[]; dimensions: Promise<ReadonlyMap<string, DimensionValue[]>> };
      const withDimensions = (rows: CopiedRow[]): Batch => {
        const dimensional = rows.filter(hasDimensions).map((fields) => fields[0] as string);
        const dimensions =
          dimensional.length > 0 ? quiet(batchDimensions(deps.db, projectId, dimensional)) : Promise.resolve(NONE);
        return { rows, dimensions };
      };
      /** The batches of the rows, each handed on once the next has come (its dimensions asked for meanwhile). */
      async function* batchesAhead(): AsyncGenerator<Batch> {
        let previous: Batch | undefined;
        const reading = { batchSize: BATCH, timeoutMs: EXPORT_TIME_MS, streamInOrder };
        for await (const rows of copyRows(deps.db, statement, reading)) {
          const batch = withDimensions(rows);
          if (previous) yield previous;
          previous = batch;
        }
        if (previous) yield previous;
      }
      try {
        for await (const batch of batchesAhead()) {
          const dimensions = await batch.dimensions;
          const lines: ExportLine[] = [];
          for (const fields of batch.rows) {
            voucher += 1;
            const line = exportLineOf(fields, {
              dimensions: dimensions.get(fields[0] as string) ?? [],
              voucher,
              receiptBase,
            });
            if (exportIssues(line, fileType).length > 0) {
              throw new AppError("EXPORT_ROWS_UNFIT", "A transaction cannot be exported in this format.", { count: 1 });
            }
            lines.push(line);
          }
          // Handed on as a batch; recorded once the format has written it.
          yield lines;
          if (counting) {
            processed += batch.rows.length;
            if (markAsBooked) unrecorded.push(batch.rows.map((fields) => fields[0] as string));
            if (performance.now() - recordedAt >= RECORD_EVERY_MS) await recordWritten();
          }
        }
        // The rest of the ids; the count of rows written is the completion's.
        if (unrecorded.length > 0) await recordWritten();
      } finally {
        await recording;
      }
    }
    const createdAt = new Date(record.created_at);
    const name = fileStemOf(record, createdAt);
    const kind = await spec.write(lineBatches, out, {
      locale: storedLocale(record.locale),
      accounts: exportAccountsOf(company.preferences),
      company: {
        name: company.title,
        kennitala: company.kennitala,
        street: company.street ?? "",
        city: company.city ?? "",
        postcode: company.postcode ?? "",
        vatNumber: company.vat_number,
      },
      exportId: id,
      createdAt,
      name,
      send: async (document) => {
        await sender.send(deps.db, {
          documentId: document.id,
          sender: document.sender,
          receiver: document.receiver,
          xml: document.xml,
          projectId,
        });
      },
    });
    out.end();
    if (!out.writableFinished) await once(out, "finish");

    const size = (await stat(file)).size;
    const key = `exports/${record.project_id}/${id}.${kind.extension}`;
    await deps.blobs.putFile(
      key,
      { size, stream: () => createReadStream(file), path: file },
      { contentType: kind.contentType },
    );
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      await completeExport(
        tx,
        { id, projectId: record.project_id, markAsBooked: record.mark_as_booked },
        { name: `${name}.${kind.extension}`, key, size, processed },
        now,
      );
      if (record.created_by) {
        await notify(tx, {
          projectId: record.project_id,
          userId: record.created_by,
          kind: "export.completed",
          payload: { export_id: id, rows: processed },
          at: now,
        });
      }
    });
  } catch (error) {
    deps.logger.error({ err: error, export: id }, "export failed");
    await failExport(deps.db, id, error instanceof AppError ? error.code : "INTERNAL", deps.now());
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};

/** The sweep (every minute): exports whose task was lost or whose worker died are sent again. */
export const sweepExports = async (ctx: JobContext): Promise<void> => {
  const { now } = ctx;
  const ids = await unfinishedExports(
    ctx.db,
    new Date(now.getTime() - 60_000),
    new Date(now.getTime() - 10 * 60_000),
    now,
  );
  for (const id of ids) await ctx.tasks.send(EXPORTS_QUEUE, { export_id: id });
};
