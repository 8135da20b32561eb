import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { DEFAULT_EXPORT_ACCOUNTS, type ExportLine } from "../export-line.ts";
import { csvFormat } from "./csv.ts";
import { FIXTURE_LINES, FIXTURE_TRICKY_LINE, formatLinesOf } from "./fixture-lines.ts";
import type { FormatContext } from "./format-writer.ts";
import { expectGolden, memoryStream } from "./golden.ts";
import { TABLE_COLUMNS } from "./table-columns.ts";
import { xlsxFormat } from "./xlsx.ts";
import { rezip } from "./zip.ts";

/**
 * The table formats (CSV and XLSX) byte for byte against their golden files, and read back: the CSV parsed as RFC 4180
 * with Icelandic letters intact, the XLSX opened with exceljs and its cells' types checked.
 */

const LINES: readonly ExportLine[] = [...FIXTURE_LINES, FIXTURE_TRICKY_LINE];

const contextOf = (locale: FormatContext["locale"]): FormatContext => ({
  locale,
  accounts: DEFAULT_EXPORT_ACCOUNTS,
  company: { name: "Kort ehf.", kennitala: "5501692829", street: "", city: "", postcode: "", vatNumber: null },
  exportId: "00000000-0000-4000-8000-000000000001",
  createdAt: new Date("2026-11-27T08:30:00Z"),
  name: "kort-2026-11",
  send: async () => {},
});

const written = async (format: typeof csvFormat, locale: FormatContext["locale"]) => {
  const { out, bytes } = memoryStream();
  await format.write(formatLinesOf(LINES), out, contextOf(locale));
  out.end();
  return bytes();
};

/** RFC 4180 read back: quoted fields may hold the separator, doubled quotes and line breaks. */
const parseCsv = (text: string, separator: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === separator) {
      row.push(field);
      field = "";
    } else if (character === "\r" && text[index + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      index += 1;
    } else field += character;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
};

describe("CSV", () => {
  it("writes Icelandic with `;` and decimal commas, and reads back field for field", async () => {
    const bytes = await written(csvFormat, "is-IS");
    expectGolden("table-is.csv", bytes);
    const text = bytes.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(text.slice(1), ";");
    expect(rows).toHaveLength(LINES.length + 1);
    expect(rows[0]).toEqual(TABLE_COLUMNS.map((column) => column.title["is-IS"]));
    expect(rows.every((row) => row.length === TABLE_COLUMNS.length)).toBe(true);
    const column = (id: string) => TABLE_COLUMNS.findIndex((candidate) => candidate.id === id);
    const [, first] = rows;
    expect(first?.[column("merchant")]).toBe(FIXTURE_LINES[0]?.merchant);
    expect(first?.[column("amount")]).toBe("12400");
    expect(first?.[column("net")]).toBe("10000");
    expect(first?.[column("vat")]).toBe("2400");
    const foreign = rows.find((row) => row[column("currency")] !== "ISK" && row[column("currency")] !== "Mynt");
    expect(foreign?.[column("original")]).toMatch(/^-?\d+,\d+$/);
    const tricky = rows.at(-1);
    expect(tricky?.[column("comment")]).toBe(FIXTURE_TRICKY_LINE.comment);
    expect(tricky?.[column("merchant")]).toBe(FIXTURE_TRICKY_LINE.merchant);
    expect(tricky?.[column("dimensions")]).toBe("Deild: Sala; Ráðgjöf | Verkefni: „Álfur“ 7");
  });

  it("writes English with `,` and decimal points", async () => {
    const bytes = await written(csvFormat, "en-US");
    expectGolden("table-en.csv", bytes);
    const rows = parseCsv(bytes.toString("utf8").slice(1), ",");
    expect(rows[0]).toEqual(TABLE_COLUMNS.map((column) => column.title["en-US"]));
    expect(rows.every((row) => row.length === TABLE_COLUMNS.length)).toBe(true);
    expect(rows.at(-1)?.at(-1)).toBe(FIXTURE_TRICKY_LINE.comment);
  });
});

describe("XLSX", () => {
  it("writes typed cells: real dates, numbers in krónur, text", async () => {
    const bytes = await written(xlsxFormat, "is-IS");
    // The streaming writer's zip stamps each entry with the clock: the parts are compared, at one time.
    expectGolden("table-is.xlsx", rezip(bytes, new Date("2026-11-27T08:30:00Z")));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    expect(sheet.name).toBe("Færslur");
    expect(sheet.rowCount).toBe(LINES.length + 1);
    const column = (id: string) => TABLE_COLUMNS.findIndex((candidate) => candidate.id === id) + 1;
    const first = sheet.getRow(2);
    expect(first.getCell(column("date")).value).toEqual(new Date("2026-11-03T00:00:00Z"));
    expect(first.getCell(column("amount")).value).toBe(12_400);
    expect(first.getCell(column("amount")).numFmt).toBe('#,##0 "kr."');
    expect(first.getCell(column("merchant")).value).toBe(FIXTURE_LINES[0]?.merchant);
    expect(sheet.getRow(LINES.length + 1).getCell(column("comment")).value).toBe(FIXTURE_TRICKY_LINE.comment);
  });
});
