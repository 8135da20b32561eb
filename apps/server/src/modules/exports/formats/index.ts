import type { ExportFormat } from "@kort/core";
import { csvFormat } from "./csv.ts";
import type { ExportFormatSpec } from "./format-writer.ts";
import { xlsxFormat } from "./xlsx.ts";

/** Every export format Kort writes, by the spec's name. */
export const EXPORT_FORMAT_SPECS: Partial<Record<ExportFormat, ExportFormatSpec>> = {
  CSV: csvFormat,
  XLSX: xlsxFormat,
};
