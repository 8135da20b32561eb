import type { Writable } from "node:stream";
import type { ExportAccounts, ExportLine } from "../export-line.ts";
import { type JournalEntry, journalEntries, type Posting } from "./journal.ts";
import { dkDate, writeChunk } from "./output.ts";
import { encodeWindows1252 } from "./windows-1252.ts";

/**
 * DK (dk hugbúnaður): the same vouchers two ways (docs/exports.md, "DK").
 * - `writeDkJournalJson`: a dkPlus general-ledger journal, UTF-8 JSON. Not posted (`post: false`) so the accountant
 *   reviews it in dkPlus first; dkPlus numbers the vouchers (`generateVoucher: true`), Kort's voucher number groups
 *   the lines. VAT is its own line to the input VAT account of its rate, since a journal line has no VAT field.
 * - `writeDkJournalFile`: the `;`-separated 8-column file DK's desktop program imports, in Windows-1252.
 * Both stream: one voucher in memory at a time.
 */

export type DkJournalHead = {
  /** The dkPlus journal's code ("KORT"). */
  code: string;
  description: string;
  /** The accounting period the journal belongs to, as dkPlus names it ("2026-11"). */
  period: string;
};

export type DkWriteResult = { vouchers: number; lines: number };

/** The JSON line of one posting; keys in dkPlus's order, `dim1` left out when there is no department. */
const jsonLine = (entry: JournalEntry, posting: Posting): string =>
  JSON.stringify({
    account: posting.account,
    amount: posting.amount,
    currency: "ISK",
    date: entry.date,
    ...(posting.department === null ? {} : { dim1: posting.department }),
    reference: entry.reference,
    text: entry.text,
    voucher: String(entry.voucher),
  });

export async function writeDkJournalJson(
  lines: AsyncIterable<ExportLine> | Iterable<ExportLine>,
  out: Writable,
  options: { accounts: ExportAccounts; head: DkJournalHead },
): Promise<DkWriteResult> {
  const { code, description, period } = options.head;
  const head = JSON.stringify({ code, description, period, option: { post: false, generateVoucher: true } });
  // The head's closing brace gives way to the lines array, written one line of JSON per posting as it comes.
  await writeChunk(out, `${head.slice(0, -1)},"lines":[`);
  const result: DkWriteResult = { vouchers: 0, lines: 0 };
  for await (const entry of journalEntries(lines, options.accounts)) {
    result.vouchers += 1;
    for (const posting of entry.postings) {
      await writeChunk(out, `${result.lines === 0 ? "" : ","}\n${jsonLine(entry, posting)}`);
      result.lines += 1;
    }
  }
  await writeChunk(out, "\n]}\n");
  return result;
}

export const DK_FILE_COLUMNS = [
  "Dagsetning",
  "Texti",
  "Fskjal",
  "Blykill",
  "Tilvísun",
  "Undirlykill",
  "Debet",
  "Kredit",
] as const;

/** DK's import splits on `;` and knows no quoting: a separator or line break inside a text would shift the columns. */
const field = (text: string): string =>
  text
    .replace(/;/g, ",")
    .replace(/[\r\n\t]+/g, " ")
    .trim();

const fileRow = (entry: JournalEntry, posting: Posting): string =>
  [
    dkDate(entry.date),
    field(entry.text),
    String(entry.voucher),
    field(posting.account),
    field(entry.reference),
    field(posting.department ?? ""),
    posting.amount > 0 ? String(posting.amount) : "",
    posting.amount < 0 ? String(-posting.amount) : "",
  ].join(";");

/**
 * DK's journal import file: a header row, then one row per posting, CRLF line ends (a Windows program's file),
 * whole krónur without grouping dots, debit or credit filled, never both.
 */
export async function writeDkJournalFile(
  lines: AsyncIterable<ExportLine> | Iterable<ExportLine>,
  out: Writable,
  options: { accounts: ExportAccounts },
): Promise<DkWriteResult> {
  await writeChunk(out, encodeWindows1252(`${DK_FILE_COLUMNS.join(";")}\r\n`));
  const result: DkWriteResult = { vouchers: 0, lines: 0 };
  for await (const entry of journalEntries(lines, options.accounts)) {
    result.vouchers += 1;
    const rows = entry.postings.map((posting) => `${fileRow(entry, posting)}\r\n`);
    result.lines += rows.length;
    await writeChunk(out, encodeWindows1252(rows.join("")));
  }
  return result;
}
