import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_EXPORT_ACCOUNTS, type ExportLine, vatOfGross } from "../export-line.ts";
import { FIXTURE_LINES, streamOf } from "./fixture-lines.ts";
import { balancedPostings, exportIssues, type JournalEntry, journalEntries } from "./journal.ts";

const accounts = DEFAULT_EXPORT_ACCOUNTS;
const line = (voucher: number) => FIXTURE_LINES.find((l) => l.voucher === voucher) as ExportLine;

const entriesOf = async (lines: readonly ExportLine[]): Promise<JournalEntry[]> => {
  const entries: JournalEntry[] = [];
  for await (const entry of journalEntries(streamOf(lines), accounts)) entries.push(entry);
  return entries;
};

const sum = (entry: JournalEntry) => entry.postings.reduce((total, p) => total + p.amount, 0);

describe("journal entries", () => {
  it("debit the expense with the net and the rate's VAT account with the VAT, credit the card with the gross", async () => {
    const [entry] = await entriesOf([line(1)]);
    expect(entry?.postings).toEqual([
      { kind: "expense", account: "2360", department: "200", amount: 10_000, basisPoints: null },
      { kind: "vat", account: "2620", department: null, amount: 2_400, basisPoints: 2400 },
      { kind: "liability", account: "5120", department: null, amount: -12_400, basisPoints: null },
    ]);
    expect(entry).toMatchObject({ voucher: 1, date: "2026-11-03", text: "Tölvuheimur - Lyklaborð og mús" });
  });

  it("reverse every side for a refund", async () => {
    const [entry] = await entriesOf([line(3)]);
    expect(entry?.postings.map((p) => [p.account, p.amount])).toEqual([
      ["2360", -10_000],
      ["2620", -2_400],
      ["5120", 12_400],
    ]);
  });

  it("post 11% to its own VAT account and write no VAT line for 0% or no tax category", async () => {
    const entries = await entriesOf([line(2), line(4), line(6)]);
    expect(entries.map((e) => e.postings.map((p) => p.account))).toEqual([
      ["2440", "2621", "5120"],
      ["2360", "5120"],
      ["2440", "5120"],
    ]);
  });

  it("make one voucher of consecutive lines with the same number, VAT split by rate", async () => {
    const a = { ...line(1), voucher: 9 };
    const b = { ...line(2), voucher: 9 };
    const c = {
      ...line(1),
      voucher: 9,
      amountIsk: 620,
      vat: { ...(line(1).vat as NonNullable<ExportLine["vat"]>), amountIsk: 120 },
    };
    const entries = await entriesOf([a, b, c, { ...line(6), voucher: 10 }]);
    expect(entries.map((e) => e.voucher)).toEqual([9, 10]);
    expect(entries[0]?.postings.map((p) => [p.kind, p.account, p.amount])).toEqual([
      ["expense", "2360", 10_500],
      ["vat", "2620", 2_520],
      ["liability", "5120", -17_610],
      ["expense", "2440", 4_135],
      ["vat", "2621", 455],
    ]);
    expect(entries.map(sum)).toEqual([0, 0]);
  });

  it("put a remainder on the rounding account rather than leave a voucher unbalanced", () => {
    const postings = balancedPostings(
      [
        { kind: "expense", account: "2360", department: null, amount: 101, basisPoints: null },
        { kind: "liability", account: "5120", department: null, amount: -100, basisPoints: null },
      ],
      accounts,
    );
    expect(postings.at(-1)).toEqual({
      kind: "rounding",
      account: "7990",
      department: null,
      amount: -1,
      basisPoints: null,
    });
  });

  it("refuse amounts that are not whole krónur instead of rounding them away", async () => {
    await expect(entriesOf([{ ...line(1), amountIsk: 12_400.5 }])).rejects.toThrow(RangeError);
  });

  it("net every voucher to zero for any amount and rate", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: -50_000_000, max: 50_000_000 }), fc.constantFrom(0, 1100, 2400, null)), {
          minLength: 1,
          maxLength: 20,
        }),
        async (items) => {
          const lines = items.map(([gross, rate], index) => ({
            ...line(1),
            voucher: index + 1,
            amountIsk: gross,
            vat:
              rate === null
                ? null
                : { code: "X", basisPoints: rate, peppolCode: "S", amountIsk: vatOfGross(gross, rate) },
          }));
          for (const entry of await entriesOf(lines)) {
            expect(sum(entry)).toBe(0);
            expect(entry.postings.every((p) => p.kind !== "rounding" && Number.isSafeInteger(p.amount))).toBe(true);
          }
        },
      ),
    );
  });
});

describe("exportIssues", () => {
  it("let CSV and XLSX carry every line", () => {
    for (const l of FIXTURE_LINES) {
      expect(exportIssues(l, "CSV")).toEqual([]);
      expect(exportIssues(l, "XLSX")).toEqual([]);
    }
  });

  it("name an uncategorised line and a team without account code for DK", () => {
    expect(exportIssues(line(7), "DK")).toEqual(["MISSING_ACCOUNT"]);
    expect(exportIssues(line(8), "DK")).toEqual(["MISSING_DEPARTMENT"]);
    expect(exportIssues(line(5), "DK")).toEqual([]);
    expect(exportIssues(line(6), "DK")).toEqual([]);
  });

  it("name an uncategorised line and a VAT rate Payday does not know", () => {
    expect(exportIssues(line(7), "Payday")).toEqual(["MISSING_ACCOUNT"]);
    expect(exportIssues(line(8), "Payday")).toEqual([]);
    const vat = { code: "VSK55", basisPoints: 550, peppolCode: "S", amountIsk: 26 };
    expect(exportIssues({ ...line(2), vat }, "Payday")).toEqual(["UNSUPPORTED_VAT_RATE"]);
  });

  it("name a missing tax category or seller for the UBL formats", () => {
    expect(exportIssues(line(6), "PeppolIS")).toEqual(["MISSING_TAX_CATEGORY", "MISSING_SELLER"]);
    expect(exportIssues(line(1), "Unimaze")).toEqual([]);
    const seller = { ...(line(1).seller as NonNullable<ExportLine["seller"]>), street: null };
    expect(exportIssues({ ...line(1), seller }, "PeppolIS")).toEqual(["MISSING_SELLER"]);
    const vat = { code: "AE", basisPoints: 0, peppolCode: "AE", amountIsk: 0 };
    expect(exportIssues({ ...line(1), vat }, "PeppolIS")).toEqual(["UNSUPPORTED_TAX_CATEGORY"]);
  });
});
