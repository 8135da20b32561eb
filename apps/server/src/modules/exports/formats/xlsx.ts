import { type EventEmitter, once } from "node:events";
import ExcelJS from "exceljs";
import type { ExportFormatSpec } from "./format-writer.ts";
import { type CellKind, TABLE_COLUMNS } from "./table-columns.ts";

/**
 * XLSX with exceljs' streaming writer: each row is committed to the output as it is written, so memory holds a
 * batch, not the sheet. Typed cells: real dates, real numbers (`#,##0 "kr."` for krónur, shown with the reader's
 * own separators), a frozen header row, an auto filter and column widths.
 */

const ISK_FORMAT = '#,##0 "kr."';

/** The number format of an amount written with `decimals` places. */
const amountFormat = (decimals: number): string => (decimals === 0 ? "#,##0" : `#,##0.${"0".repeat(decimals)}`);

/**
 * A column's cell value and number format, chosen once per column: XLSX stores numbers as numbers, however the sheet
 * shows them. Decimal text is read as a number only here, for the sheet: the file's number, never a sum Kort makes.
 */
const cellWriterOf = (
  kind: CellKind,
): ((value: string | number | null) => { value: ExcelJS.CellValue; numFmt?: string }) => {
  switch (kind) {
    case "text":
      return (value) => ({ value });
    case "date":
      return (value) => ({ value: new Date(`${String(value)}T00:00:00.000Z`), numFmt: "yyyy-mm-dd" });
    case "isk":
      return (value) => (value === null ? { value } : { value, numFmt: ISK_FORMAT });
    case "amount":
      return (value) => {
        const decimal = String(value);
        const point = decimal.indexOf(".");
        return { value: Number(decimal), numFmt: amountFormat(point < 0 ? 0 : decimal.length - point - 1) };
      };
    case "decimal":
      return (value) => (value === null ? { value } : { value: Number(value), numFmt: "#,##0.####" });
  }
};

const columnLetter = (index: number): string => {
  let n = index + 1;
  let letters = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
};

/** How often the writer looks at the compressor's backlog, and how much it lets wait there. */
const BACKLOG_CHECK_ROWS = 500;
const BACKLOG_BYTES = 1 << 20;

/**
 * exceljs hands the sheet's XML to the zip's compressor without waiting for it (its StreamBuf ignores `write`'s
 * answer), so rows made faster than zlib compresses them pile up in the compressor's buffer: 180 MB for 200,000
 * rows. The writer waits here until that buffer is under BACKLOG_BYTES, which keeps memory flat however many rows
 * there are. It reads exceljs 4's internals (the sheet's stream and its pipes), pinned by the lock file and tested by
 * the export's memory bench.
 */
/** archiver's streams come from readable-stream 2, which has no `writableLength`: its state has the same figure. */
type Backlogged = EventEmitter & { destroyed?: boolean; _writableState?: { length: number } };

const compressorCaughtUp = async (sheet: ExcelJS.Worksheet): Promise<void> => {
  const stream = (sheet as unknown as { stream?: { pipes?: Backlogged[] } }).stream;
  for (const pipe of stream?.pipes ?? []) {
    while ((pipe._writableState?.length ?? 0) > BACKLOG_BYTES && !pipe.destroyed) await once(pipe, "drain");
  }
};

const XLSX_FILE = {
  extension: "xlsx",
  contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

export const xlsxFormat: ExportFormatSpec = {
  ...XLSX_FILE,
  needs: [],
  write: async (batches, out, context) => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    workbook.created = context.createdAt;
    workbook.modified = context.createdAt;
    workbook.creator = "Kort";
    const sheet = workbook.addWorksheet(context.locale === "is-IS" ? "Færslur" : "Transactions", {
      views: [{ state: "frozen", ySplit: 1 }],
    });
    sheet.columns = TABLE_COLUMNS.map((column) => ({
      header: column.title[context.locale],
      key: column.id,
      width: column.width,
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.autoFilter = `A1:${columnLetter(TABLE_COLUMNS.length - 1)}1`;
    const cells = TABLE_COLUMNS.map((column) => cellWriterOf(column.kind));
    let written = 0;
    for await (const batch of batches()) {
      for (const line of batch) {
        if (++written % BACKLOG_CHECK_ROWS === 0) await compressorCaughtUp(sheet);
        const row = sheet.addRow([]);
        TABLE_COLUMNS.forEach((column, index) => {
          const { value, numFmt } = (cells[index] as (typeof cells)[number])(column.value(line, context.accounts));
          const cell = row.getCell(index + 1);
          cell.value = value;
          if (numFmt) cell.numFmt = numFmt;
        });
        row.commit();
      }
    }
    sheet.commit();
    await workbook.commit();
    return XLSX_FILE;
  },
};
