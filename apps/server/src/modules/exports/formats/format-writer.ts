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
   * Writes the file to `out` (which the caller ends) and answers what it made. `lines()` reads the export's rows from
   * the start; a format that writes two files of the same entries (DK) reads them twice.
   */
  write: (lines: () => AsyncIterable<ExportLine>, out: Writable, context: FormatContext) => Promise<WrittenFile>;
};
