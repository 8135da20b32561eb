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
export { checkUbl, fatalFailures, type RuleFailure } from "./ubl-rules.ts";
export { writeUnimazePackage } from "./unimaze.ts";
