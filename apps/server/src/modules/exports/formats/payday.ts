import type { Writable } from "node:stream";
import ExcelJS from "exceljs";
import type { ExportAccounts, ExportLine } from "../export-line.ts";
import { entryText } from "./journal.ts";
import { type ExportFile, writeChunk } from "./output.ts";
import { rezip, ZipStreamWriter } from "./zip.ts";

/**
 * Payday's journal import (Bókhald > Dagbók > Hlaða upp skrá; docs/exports.md, "Payday"): one row per card line with
 * the gross and its VAT rate, booked against the card liability (Mótlykill). Payday splits the VAT out of the gross
 * itself, so no VAT rows here. Its importer takes at most 50 rows a file, so an export is cut into workbooks of at most
 * 50 rows at voucher boundaries (an entry is never split), zipped when there is more than one.
 */

export const PAYDAY_COLUMNS = [
  "Færsla nr.",
  "Dags.",
  "Lýsing",
  "Tegund",
  "Lykill",
  "Fjárhæð m/vsk",
  "VSK",
  "Tilvísun",
  "Mótlykill",
] as const;

export const PAYDAY_MAX_ROWS = 50;

/** Payday's entry types: 1 general ledger (an account), 2 customer, 3 creditor (a kennitala). */
const LEDGER = 1;

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const ZIP_TYPE = "application/zip";

export type PaydayOptions = {
  accounts: ExportAccounts;
  /** The export's time: the workbooks' creation date and their zip entries' time, so the bytes are reproducible. */
  createdAt: Date;
  /** The file name without extension ("kort-payday-2026-11"). */
  name: string;
};

/** One voucher's lines: Payday's "færsla", rows that share an entry number. */
type Entry = readonly ExportLine[];

const utcMidnight = (isoDate: string): Date => new Date(`${isoDate}T00:00:00Z`);

const row = (entryNumber: number, line: ExportLine, accounts: ExportAccounts) => {
  if (line.account === null) throw new Error(`Transaction ${line.transactionId} has no account (see exportIssues)`);
  if (!Number.isSafeInteger(line.amountIsk)) throw new RangeError(`amountIsk must be whole krónur: ${line.amountIsk}`);
  return [
    entryNumber,
    utcMidnight(line.date),
    entryText(line),
    LEDGER,
    line.account,
    line.amountIsk,
    // Basis points of 0, 1100 or 2400 (exportIssues refuses others): whole percents, as Payday's column wants.
    (line.vat?.basisPoints ?? 0) / 100,
    line.transactionId,
    accounts.cardLiability,
  ];
};

/** One workbook of whole entries, numbered 1, 2, 3… within the file, as Payday's importer asks. */
const workbook = async (entries: readonly Entry[], options: PaydayOptions): Promise<Uint8Array> => {
  const book = new ExcelJS.Workbook();
  book.creator = "Kort";
  book.created = options.createdAt;
  book.modified = options.createdAt;
  const sheet = book.addWorksheet("Dagbók");
  sheet.columns = [
    { width: 10 },
    { width: 12, style: { numFmt: "d.m.yyyy" } },
    { width: 40 },
    { width: 8 },
    { width: 10 },
    { width: 14, style: { numFmt: "#,##0" } },
    { width: 6 },
    { width: 38 },
    { width: 10 },
  ];
  sheet.addRow([...PAYDAY_COLUMNS]);
  entries.forEach((entry, index) => {
    for (const line of entry) sheet.addRow(row(index + 1, line, options.accounts));
  });
  return rezip(new Uint8Array(await book.xlsx.writeBuffer()), options.createdAt);
};

async function* entriesOf(lines: AsyncIterable<ExportLine> | Iterable<ExportLine>): AsyncGenerator<Entry> {
  let pending: ExportLine[] = [];
  for await (const line of lines) {
    if (pending.length > 0 && pending[0]?.voucher !== line.voucher) {
      yield pending;
      pending = [];
    }
    pending.push(line);
  }
  if (pending.length > 0) yield pending;
}

/** The workbooks of an export, each at most 50 rows of whole entries, one at a time. */
export async function* paydayWorkbooks(
  lines: AsyncIterable<ExportLine> | Iterable<ExportLine>,
  options: PaydayOptions,
): AsyncGenerator<Uint8Array> {
  let batch: Entry[] = [];
  let rows = 0;
  for await (const entry of entriesOf(lines)) {
    if (entry.length > PAYDAY_MAX_ROWS) {
      throw new RangeError(`Voucher ${entry[0]?.voucher} has ${entry.length} lines; Payday takes ${PAYDAY_MAX_ROWS}`);
    }
    if (rows + entry.length > PAYDAY_MAX_ROWS) {
      yield await workbook(batch, options);
      batch = [];
      rows = 0;
    }
    batch.push(entry);
    rows += entry.length;
  }
  if (batch.length > 0 || rows === 0) yield await workbook(batch, options);
}

export type PaydayWriteResult = { file: Omit<ExportFile, "bytes">; workbooks: number };

/**
 * Writes the export as one .xlsx, or as a .zip of workbooks when it takes more than one. Which of the two is known only
 * at the 51st row, so the output is opened through `open` once the name and type are known; memory holds one or two
 * workbooks, never the export.
 */
export async function writePaydayExport(
  lines: AsyncIterable<ExportLine> | Iterable<ExportLine>,
  options: PaydayOptions,
  open: (file: Omit<ExportFile, "bytes">) => Writable,
): Promise<PaydayWriteResult> {
  const entryName = (n: number) => `${options.name}-${String(n).padStart(3, "0")}.xlsx`;
  const zipFile = { name: `${options.name}.zip`, contentType: ZIP_TYPE };
  let first: Uint8Array = new Uint8Array();
  let zip: ZipStreamWriter | null = null;
  let count = 0;
  for await (const book of paydayWorkbooks(lines, options)) {
    count += 1;
    if (count === 1) {
      first = book;
      continue;
    }
    if (zip === null) {
      zip = new ZipStreamWriter(open(zipFile), options.createdAt);
      await zip.add(entryName(1), first);
    }
    await zip.add(entryName(count), book);
  }
  if (zip !== null) {
    await zip.end();
    return { file: zipFile, workbooks: count };
  }
  const file = { name: `${options.name}.xlsx`, contentType: XLSX_TYPE };
  await writeChunk(open(file), first);
  return { file, workbooks: count };
}
