import type { Locale } from "@kort/core";
import type { ExportFormatSpec } from "./format-writer.ts";
import { writeChunk } from "./output.ts";
import { type CellValue, minorToDecimal, TABLE_COLUMNS } from "./table-columns.ts";

/**
 * CSV (RFC 4180): UTF-8 with a BOM, so Excel opens Icelandic letters intact; CRLF line ends; `;` between fields and
 * a decimal comma for Icelandic (what Icelandic Excel reads), `,` and a decimal point for English. Dates ISO.
 */

const separatorOf = (locale: Locale) => (locale === "is-IS" ? ";" : ",");

/** A field quoted when it holds the separator, a quote or a line break (quotes doubled), as RFC 4180 says. */
export const csvField = (value: string, separator: string): string =>
  value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

const decimalFor = (locale: Locale, decimal: string) => (locale === "is-IS" ? decimal.replace(".", ",") : decimal);

export const csvCell = (cell: CellValue, locale: Locale): string => {
  switch (cell.kind) {
    case "text":
    case "date":
      return cell.value;
    case "isk":
      return String(cell.value);
    case "minor":
      return decimalFor(locale, minorToDecimal(cell.value, cell.exponent));
    case "decimal":
      return decimalFor(locale, cell.value);
    case "empty":
      return "";
  }
};

const CHUNK_CHARACTERS = 65_536;

const CSV_FILE = { extension: "csv", contentType: "text/csv; charset=utf-8" };

export const csvFormat: ExportFormatSpec = {
  ...CSV_FILE,
  needs: [],
  write: async (lines, out, context) => {
    const separator = separatorOf(context.locale);
    const row = (fields: readonly string[]) =>
      `${fields.map((field) => csvField(field, separator)).join(separator)}\r\n`;
    // Rows go to the stream in chunks of about 64 KB: a write per row costs more than the row's own formatting.
    let chunk = `\uFEFF${row(TABLE_COLUMNS.map((column) => column.title[context.locale]))}`;
    for await (const line of lines()) {
      chunk += row(TABLE_COLUMNS.map((column) => csvCell(column.value(line, context.accounts), context.locale)));
      if (chunk.length >= CHUNK_CHARACTERS) {
        await writeChunk(out, chunk);
        chunk = "";
      }
    }
    await writeChunk(out, chunk);
    return CSV_FILE;
  },
};
