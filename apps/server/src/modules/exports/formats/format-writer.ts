import type { Writable } from "node:stream";
import type { Locale } from "@kort/core";
import type { ExportAccounts, ExportLine, RowNeed } from "../export-line.ts";
import type { UblBuyer } from "./ubl.ts";

/** What every format writes with besides the lines: the reader's language, the company and its accounts. */
export type FormatContext = {
  locale: Locale;
  accounts: ExportAccounts;
  /** The company: the journal's owner, and the buyer of the UBL documents. */
  company: UblBuyer;
  exportId: string;
  /** The export's instant: stamped in the files, so an export gives the same bytes each time it is written. */
  createdAt: Date;
  /** The file's name without its extension. */
  name: string;
  /**
   * Hands one UBL document to the e-invoicing adapter (platform/einvoicing): the formats that send what they write
   * (Unimaze) call it for each document once it is in the file.
   */
  send: (document: HandedDocument) => Promise<void>;
};

/** A UBL document as the e-invoicing adapter takes it; addresses are Peppol's `scheme:id`. */
export type HandedDocument = { id: string; sender: string; receiver: string; xml: string };

/** The file a writer made, when it is not the format's usual kind (Payday: one workbook, or a zip of several). */
export type WrittenFile = { extension: string; contentType: string };

export type ExportFormatSpec = {
  extension: string;
  contentType: string;
  /** What a row must have for this format to carry it (listed before exporting; never a silent gap). */
  needs: readonly RowNeed[];
  /**
   * Writes the file to `out` (which the caller ends) and answers what it made. `batches()` reads the export's lines
   * from the start, in batches; a format that writes two files of the same entries (DK) reads them twice.
   */
  write: (batches: LineBatches, out: Writable, context: FormatContext) => Promise<WrittenFile>;
};

/**
 * The export's lines, in order, a batch at a time: the table formats write a row per line with no await between the
 * rows of a batch (an async step per row was a promise and a turn of the event loop each, a tenth of a CSV export).
 */
export type LineBatches = () => AsyncIterable<readonly ExportLine[]>;

/** The lines one at a time, for the writers that gather them into vouchers or documents (journal, Payday, UBL). */
export async function* eachLine(batches: AsyncIterable<readonly ExportLine[]>): AsyncGenerator<ExportLine> {
  for await (const batch of batches) yield* batch;
}
