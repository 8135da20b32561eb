import { once } from "node:events";
import type { Writable } from "node:stream";
import type { Locale } from "@kort/core";
import type { ExportAccounts, ExportLine, RowNeed } from "../export-line.ts";

/** What every format writes with besides the lines: the reader's language, the company and its accounts. */
export type FormatContext = {
  locale: Locale;
  accounts: ExportAccounts;
  company: { title: string; kennitala: string };
  exportId: string;
  createdAt: Date;
};

/** One file being written: batches of lines in order, then the end (the output is finished when it resolves). */
export type FormatWriter = {
  write: (lines: readonly ExportLine[]) => Promise<void>;
  end: () => Promise<void>;
};

export type ExportFormatSpec = {
  extension: string;
  contentType: string;
  /** What a row must have for this format to carry it (listed before exporting; never a silent gap). */
  needs: readonly RowNeed[];
  open: (out: Writable, context: FormatContext) => FormatWriter;
};

/** Writes text to a stream, waiting when it is full: memory holds a batch, not the file. */
export const writeText = async (out: Writable, text: string): Promise<void> => {
  if (!out.write(text)) await once(out, "drain");
};

/** Ends a stream and waits until everything written has been flushed. */
export const endStream = async (out: Writable): Promise<void> => {
  out.end();
  if (!out.writableFinished) await once(out, "finish");
};
