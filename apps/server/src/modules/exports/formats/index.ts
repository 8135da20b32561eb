import type { ExportFormat } from "@kort/core";
import { csvFormat } from "./csv.ts";
import { writeDkJournalFile, writeDkJournalJson } from "./dk.ts";
import { type ExportFormatSpec, eachLine } from "./format-writer.ts";
import { writePaydayExport, XLSX_TYPE, ZIP_TYPE } from "./payday.ts";
import { writePeppolSet } from "./ubl.ts";
import { writeUnimazePackage } from "./unimaze.ts";
import { xlsxFormat } from "./xlsx.ts";
import { ZipStreamWriter } from "./zip.ts";

export { checkUbl, fatalFailures, type RuleFailure } from "../../../platform/ubl/ubl-rules.ts";
/**
 * What the export job calls (issue 14): list the lines a format cannot carry, then write the file. Every writer reads
 * an AsyncIterable of ExportLine (the export query's cursor) and never the database.
 */
export { type DkJournalHead, type DkWriteResult, writeDkJournalFile, writeDkJournalJson } from "./dk.ts";
export { type ExportIssue, exportIssues, type JournalEntry, journalEntries } from "./journal.ts";
export type { ExportFile } from "./output.ts";
export { type PaydayOptions, type PaydayWriteResult, writePaydayExport, XLSX_TYPE, ZIP_TYPE } from "./payday.ts";
export {
  checkedUblDocument,
  type UblBuyer,
  type UblDocument,
  type UblOptions,
  UblRuleError,
  writePeppolSet,
} from "./ubl.ts";
export { writeUnimazePackage } from "./unimaze.ts";

/** The period a DK journal belongs to, as dkPlus names it: the export's month. */
const periodOf = (date: Date) => date.toISOString().slice(0, 7);

/** DK: the dkPlus journal (JSON) and the same entries as the desktop program's `;` file, in one zip. */
const ZIP_FILE = { extension: "zip", contentType: ZIP_TYPE };

const dkFormat: ExportFormatSpec = {
  ...ZIP_FILE,
  needs: ["account", "department"],
  write: async (batches, out, context) => {
    const zip = new ZipStreamWriter(out, context.createdAt);
    const head = { code: "KORT", description: `Kort ${context.name}`, period: periodOf(context.createdAt) };
    await zip.addStream(`${context.name}.json`, (entry) =>
      writeDkJournalJson(eachLine(batches()), entry, { accounts: context.accounts, head }),
    );
    await zip.addStream(`${context.name}.csv`, (entry) =>
      writeDkJournalFile(eachLine(batches()), entry, { accounts: context.accounts }),
    );
    await zip.end();
    return ZIP_FILE;
  },
};

/** Payday: its journal import workbook, or a zip of workbooks of at most 50 lines each. */
const paydayFormat: ExportFormatSpec = {
  extension: "xlsx",
  contentType: XLSX_TYPE,
  needs: ["account", "vat_rate"],
  write: async (batches, out, context) => {
    const result = await writePaydayExport(
      eachLine(batches()),
      { accounts: context.accounts, createdAt: context.createdAt, name: context.name },
      () => out,
    );
    return { extension: result.file.name.endsWith(".zip") ? "zip" : "xlsx", contentType: result.file.contentType };
  },
};

/** PeppolIS and Unimaze: one UBL document per transaction, the merchant the seller and the company the buyer. */
const ublFormat = (write: typeof writePeppolSet | typeof writeUnimazePackage): ExportFormatSpec => ({
  ...ZIP_FILE,
  needs: ["ubl_tax_category", "seller"],
  write: async (batches, out, context) => {
    await write(eachLine(batches()), { buyer: context.company, createdAt: context.createdAt, send: context.send }, out);
    return ZIP_FILE;
  },
});

/** Every export format Kort writes, by the spec's name. */
export const EXPORT_FORMAT_SPECS: Record<ExportFormat, ExportFormatSpec> = {
  CSV: csvFormat,
  XLSX: xlsxFormat,
  DK: dkFormat,
  Payday: paydayFormat,
  PeppolIS: ublFormat(writePeppolSet),
  Unimaze: ublFormat(writeUnimazePackage),
};
