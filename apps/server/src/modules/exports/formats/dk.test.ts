import { describe, expect, it } from "vitest";
import { DEFAULT_EXPORT_ACCOUNTS } from "../export-line.ts";
import { DK_FILE_COLUMNS, writeDkJournalFile, writeDkJournalJson } from "./dk.ts";
import { FIXTURE_LINES, streamOf } from "./fixture-lines.ts";
import { expectGolden, memoryStream } from "./golden.ts";
import { exportIssues } from "./journal.ts";
import { encodeWindows1252 } from "./windows-1252.ts";

const accounts = DEFAULT_EXPORT_ACCOUNTS;
const dkLines = FIXTURE_LINES.filter((line) => exportIssues(line, "DK").length === 0);
const head = { code: "KORT", description: "Kort: kortafærslur nóvember", period: "2026-11" };

type DkJson = {
  code: string;
  option: { post: boolean; generateVoucher: boolean };
  lines: { account: string; amount: number; voucher: string; dim1?: string; date: string; text: string }[];
};

const sumBy = <T>(items: readonly T[], key: (item: T) => string, amount: (item: T) => number) => {
  const sums = new Map<string, number>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0) + amount(item));
  return sums;
};

describe("the dkPlus journal (JSON)", async () => {
  const { out, bytes } = memoryStream();
  const result = await writeDkJournalJson(streamOf(dkLines), out, { accounts, head });
  const journal = JSON.parse(bytes().toString("utf8")) as DkJson;

  it("is a journal that is reviewed before it is posted, with dkPlus numbering the vouchers", () => {
    expect(journal.code).toBe("KORT");
    expect(journal.option).toEqual({ post: false, generateVoucher: true });
    expect(result).toEqual({ vouchers: dkLines.length, lines: journal.lines.length });
  });

  it("balances every voucher", () => {
    const sums = sumBy(
      journal.lines,
      (l) => l.voucher,
      (l) => l.amount,
    );
    expect(sums.size).toBe(dkLines.length);
    expect([...sums.values()].every((s) => s === 0)).toBe(true);
    expect(journal.lines.every((l) => Number.isSafeInteger(l.amount))).toBe(true);
  });

  it("puts the department on the expense line only, and leaves dim1 out without one", () => {
    const [expense, vat] = journal.lines;
    expect(expense).toMatchObject({ account: "2360", amount: 10_000, dim1: "200", date: "2026-11-03", voucher: "1" });
    expect(vat).not.toHaveProperty("dim1");
  });

  it("keeps Icelandic letters (UTF-8) and matches its golden file", () => {
    expect(journal.lines[0]?.text).toBe("Tölvuheimur - Lyklaborð og mús");
    expectGolden("dk-journal.json", bytes());
  });
});

describe("DK's journal import file", async () => {
  const { out, bytes } = memoryStream();
  await writeDkJournalFile(streamOf(dkLines), out, { accounts });
  const text = new TextDecoder("windows-1252").decode(bytes());
  const rows = text.split("\r\n");
  const body = rows.slice(1, -1).map((row) => row.split(";"));

  it("has the 8 columns, CRLF line ends and a final line end", () => {
    expect(rows[0]).toBe(DK_FILE_COLUMNS.join(";"));
    expect(rows.at(-1)).toBe("");
    expect(body.every((cells) => cells.length === 8)).toBe(true);
  });

  it("balances every voucher in whole krónur, debit or credit and never both", () => {
    const amount = (cells: string[]) => Number(cells[6] || "0") - Number(cells[7] || "0");
    expect(body.every((cells) => /^\d*$/.test(cells[6] ?? "x") && /^\d*$/.test(cells[7] ?? "x"))).toBe(true);
    expect(body.every((cells) => (cells[6] === "") !== (cells[7] === ""))).toBe(true);
    const sums = sumBy(body, (cells) => cells[2] ?? "", amount);
    expect(sums.size).toBe(dkLines.length);
    expect([...sums.values()].every((s) => s === 0)).toBe(true);
  });

  it("writes d.M.yyyy dates and Icelandic letters in Windows-1252", () => {
    expect(body[0]).toEqual([
      "3.11.2026",
      "Tölvuheimur - Lyklaborð og mús",
      "1",
      "2360",
      dkLines[0]?.transactionId,
      "200",
      "10000",
      "",
    ]);
    expect(bytes().includes(Buffer.from([0xf6]))).toBe(true); // ö, one byte
    expect(
      bytes()
        .subarray(0, 3)
        .equals(Buffer.from([0xef, 0xbb, 0xbf])),
    ).toBe(false); // no BOM
  });

  it("keeps a separator or line break inside a text from shifting the columns", async () => {
    const { out: out2, bytes: bytes2 } = memoryStream();
    const [first] = dkLines;
    if (first === undefined) throw new Error("no fixture");
    await writeDkJournalFile([{ ...first, description: "a;b\r\nc" }], out2, { accounts });
    const lines = bytes2().toString("latin1").split("\r\n");
    expect(lines[1]?.split(";")).toHaveLength(8);
    expect(lines[1]).toContain("a,b c");
  });

  it("matches its golden file", () => {
    expectGolden("dk-journal.csv", bytes());
  });
});

describe("Windows-1252", () => {
  it("writes every Icelandic letter as one byte and what it cannot as its base letter (ź → z) or ?", () => {
    const icelandic = "ÁáÐðÉéÍíÓóÚúÝýÞþÆæÖö";
    expect(new TextDecoder("windows-1252").decode(encodeWindows1252(icelandic))).toBe(icelandic);
    expect(encodeWindows1252(icelandic)).toHaveLength(icelandic.length);
    expect(encodeWindows1252("€ – Łódź 北").toString("latin1")).toBe("\x80 \x96 ?\xf3dz ?");
  });
});
