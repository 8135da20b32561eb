import type { Locale } from "@kort/core";
import type { ExportFormatSpec } from "./format-writer.ts";
import { writeChunk } from "./output.ts";
import { type CellKind, TABLE_COLUMNS } from "./table-columns.ts";

/**
 * CSV (RFC 4180): UTF-8 with a BOM, so Excel opens Icelandic letters intact; CRLF line ends; `;` between fields and
 * a decimal comma for Icelandic (what Icelandic Excel reads), `,` and a decimal point for English. Dates ISO.
 */

type Separator = ";" | ",";

const separatorOf = (locale: Locale): Separator => (locale === "is-IS" ? ";" : ",");

/** What makes a field need quotes, per separator: one test of a compiled pattern per field. */
const QUOTED_BY = { ";": /[;"\r\n]/, ",": /[,"\r\n]/ } as const;

/** A field quoted when it holds the separator, a quote or a line break (quotes doubled), as RFC 4180 says. */
const csvField = (value: string, separator: Separator): string =>
  QUOTED_BY[separator].test(value) ? `"${value.replaceAll('"', '""')}"` : value;

type CellWriter = (value: string | number | null) => string;

/**
 * How a column of `kind` is written in a file of `locale`, chosen once per file rather than per cell: text quoted
 * where it must be, decimals with the locale's mark, an empty field for a missing value.
 */
const cellWriterOf = (kind: CellKind, locale: Locale, separator: Separator): CellWriter => {
  switch (kind) {
    case "text":
      return (value) => (value === null ? "" : csvField(String(value), separator));
    case "date":
    case "isk":
      return (value) => (value === null ? "" : String(value));
    case "amount":
    case "decimal":
      return locale === "is-IS"
        ? (value) => (value === null ? "" : String(value).replace(".", ","))
        : (value) => (value === null ? "" : String(value));
  }
};

const CHUNK_CHARACTERS = 65_536;

const CSV_FILE = { extension: "csv", contentType: "text/csv; charset=utf-8" };

export const csvFormat: ExportFormatSpec = {
  ...CSV_FILE,
  needs: [],
  write: async (batches, out, context) => {
    const { locale, accounts } = context;
    const separator = separatorOf(locale);
    const columns = TABLE_COLUMNS;
    const cells = columns.map((column) => cellWriterOf(column.kind, locale, separator));
    const header = columns.map((column) => csvField(column.title[locale], separator)).join(separator);
    // Rows go to the stream in chunks of about 64 KB: a write per row costs more than the row's own formatting.
    let chunk = `\uFEFF${header}\r\n`;
    for await (const batch of batches()) {
      for (const line of batch) {
        // A row is built by appending to one string: an array of fields and a join per row cost a third more.
        let row = "";
        for (let index = 0; index < columns.length; index++) {
          if (index > 0) row += separator;
          row += (cells[index] as CellWriter)((columns[index] as (typeof columns)[number]).value(line, accounts));
        }
        chunk += `${row}\r\n`;
        if (chunk.length >= CHUNK_CHARACTERS) {
          await writeChunk(out, chunk);
          chunk = "";
        }
      }
    }
    await writeChunk(out, chunk);
    return CSV_FILE;
  },
};
