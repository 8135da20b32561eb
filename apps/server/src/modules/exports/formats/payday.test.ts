import { Writable } from "node:stream";
import ExcelJS from "exceljs";
import { unzipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_EXPORT_ACCOUNTS, type ExportLine } from "../export-line.ts";
import { FIXTURE_LINES, streamOf } from "./fixture-lines.ts";
import { expectGolden, memoryStream } from "./golden.ts";
import { exportIssues } from "./journal.ts";
import {
  PAYDAY_COLUMNS,
  PAYDAY_MAX_ROWS,
  type PaydayOptions,
  writePaydayExport,
  XLSX_TYPE,
  ZIP_TYPE,
} from "./payday.ts";

const options: PaydayOptions = {
  accounts: DEFAULT_EXPORT_ACCOUNTS,
  createdAt: new Date("2026-11-27T08:30:00Z"),
  name: "kort-payday-2026-11",
};
const paydayLines = FIXTURE_LINES.filter((line) => exportIssues(line, "Payday").length === 0);

const exportOf = async (lines: readonly ExportLine[]) => {
  const { out, bytes } = memoryStream();
  const opened: string[] = [];
  const result = await writePaydayExport(streamOf(lines), options, (file) => {
    opened.push(file.name);
    return out;
  });
  return { result, opened, bytes: bytes() };
};

const rowsOf = async (xlsx: Uint8Array) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(xlsx) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (sheet === undefined) throw new Error("no sheet");
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return rows;
};

describe("Payday's journal import", () => {
  it("is one workbook with Payday's columns and typed cells when the export fits in 50 rows", async () => {
    const { result, opened, bytes } = await exportOf(paydayLines);
    expect(result).toEqual({ file: { name: "kort-payday-2026-11.xlsx", contentType: XLSX_TYPE }, workbooks: 1 });
    expect(opened).toEqual(["kort-payday-2026-11.xlsx"]);
    const [header, first, , refund, foreign, , noVat] = await rowsOf(bytes);
    expect(header).toEqual([...PAYDAY_COLUMNS]);
    expect(first).toEqual([
      1,
      new Date("2026-11-03T00:00:00Z"),
      "Tölvuheimur - Lyklaborð og mús",
      1,
      "2360",
      12_400,
      24,
      "0b6f5e2a-1c44-4f0e-9a51-000000000001",
      "5120",
    ]);
    expect(refund?.slice(5, 7)).toEqual([-12_400, 24]);
    expect(foreign?.slice(5, 7)).toEqual([6_821, 0]);
    expect(noVat?.slice(0, 7)).toEqual([6, new Date("2026-11-20T00:00:00Z"), "Bílastæðasjóður", 1, "2440", 450, 0]);
    expectGolden("payday.xlsx", bytes);
  });

  it("cuts a long export into zipped workbooks of at most 50 rows without splitting an entry", async () => {
    // 130 lines: vouchers of 1 to 4 lines, so cuts land inside what would be a naive 50-row split.
    const lines: ExportLine[] = [];
    for (let voucher = 1; lines.length < 130; voucher += 1) {
      const size = (voucher % 4) + 1;
      for (let i = 0; i < size; i += 1) {
        const template = paydayLines[(voucher + i) % paydayLines.length] as ExportLine;
        lines.push({ ...template, voucher, transactionId: `v${voucher}-${i}` });
      }
    }
    const { result, opened, bytes } = await exportOf(lines);
    expect(opened).toEqual(["kort-payday-2026-11.zip"]);
    expect(result.file).toEqual({ name: "kort-payday-2026-11.zip", contentType: ZIP_TYPE });
    const files = unzipSync(bytes);
    const names = Object.keys(files);
    expect(names).toEqual(names.map((_, i) => `kort-payday-2026-11-${String(i + 1).padStart(3, "0")}.xlsx`));
    expect(names).toHaveLength(result.workbooks);

    const voucherFile = new Map<string, string>();
    let total = 0;
    for (const name of names) {
      const [, ...body] = await rowsOf(files[name] as Uint8Array);
      expect(body.length).toBeLessThanOrEqual(PAYDAY_MAX_ROWS);
      total += body.length;
      // Entry numbers run 1, 2, 3… within each file, the same on the rows of one entry.
      const numbers = body.map((cells) => cells[0] as number);
      expect(numbers[0]).toBe(1);
      expect(numbers.every((n, i) => i === 0 || n === numbers[i - 1] || n === (numbers[i - 1] as number) + 1)).toBe(
        true,
      );
      for (const cells of body) {
        const voucher = String(cells[7]).split("-")[0] ?? "";
        expect(voucherFile.get(voucher) ?? name).toBe(name);
        voucherFile.set(voucher, name);
      }
    }
    expect(total).toBe(lines.length);
    expectGolden("payday-split.zip", bytes);
  });

  it("writes the same bytes for the same export, whenever it runs", async () => {
    const first = await exportOf(paydayLines);
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2031-02-03T04:05:06Z") });
    try {
      expect(Buffer.compare(first.bytes, (await exportOf(paydayLines)).bytes)).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("waits for a slow output (backpressure) and still writes it whole", async () => {
    const chunks: Buffer[] = [];
    const slow = new Writable({
      highWaterMark: 16,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        setImmediate(callback);
      },
    });
    const many = Array.from({ length: 120 }, (_, i) => ({ ...(paydayLines[0] as ExportLine), voucher: i + 1 }));
    const { workbooks } = await writePaydayExport(streamOf(many), options, () => slow);
    expect(Object.keys(unzipSync(Buffer.concat(chunks)))).toHaveLength(workbooks);
    expect(workbooks).toBe(3);
  });
});
