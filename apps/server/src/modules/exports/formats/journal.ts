import type { ExportFormat } from "@kort/core";
import type { ExportAccounts, ExportLine } from "../export-line.ts";
import { sellerIsComplete } from "./seller.ts";

/**
 * Card purchases as double-entry vouchers, shared by the journal formats (DK's JSON and file). One voucher per voucher
 * number: debit each expense account (the category code) with the net, debit the input VAT account of each rate
 * with the VAT, credit the card liability with the gross. A refund has negative amounts, so every side reverses by
 * itself. Postings carry a signed amount: positive is debit, negative credit; a voucher's postings add up to zero.
 */

export type PostingKind = "expense" | "vat" | "liability" | "rounding";

export type Posting = {
  kind: PostingKind;
  account: string;
  /** The team's account code, on the expense only: VAT and the card liability are company-wide accounts. */
  department: string | null;
  /** Whole krónur, positive debit, negative credit. */
  amount: number;
  /** The VAT rate in basis points, on VAT postings. */
  basisPoints: number | null;
};

export type JournalEntry = {
  voucher: number;
  date: string;
  text: string;
  reference: string;
  postings: Posting[];
};

/** Why a line cannot go into a format; the pipeline lists these before it exports (issue 14: never a silent gap). */
export type ExportIssue =
  | "MISSING_ACCOUNT"
  | "MISSING_TAX_CATEGORY"
  | "MISSING_DEPARTMENT"
  | "UNSUPPORTED_VAT_RATE"
  | "UNSUPPORTED_TAX_CATEGORY"
  | "MISSING_SELLER";

/** The Peppol VAT categories Kort's UBL writes; the others (AE, K, G, O) are for cross-border sales, not purchases. */
export const UBL_TAX_CATEGORIES: readonly string[] = ["S", "Z", "E"];

/** Payday's importer takes these VAT rates only (empty or 0, 11, 24). */
export const PAYDAY_VAT_BASIS_POINTS: readonly number[] = [0, 1100, 2400];

/**
 * The reasons `line` cannot be carried by `format`, empty when it can. Writers assume issue-free lines.
 * - Journals (DK, Payday) post to the category's account, so an uncategorised line has nowhere to go.
 * - DK posts the department (dim1); a line whose team has no account code would land without one, unnoticed.
 *   A line with no team at all posts without a department, which is the truth.
 * - Payday's VAT column takes 0, 11 or 24 only.
 * - UBL (PeppolIS, Unimaze) states a VAT category on every line and needs the merchant as seller (seller.ts); a
 *   missing tax category is not "no VAT" there, it is an unknown one.
 * - CSV and XLSX list every field as it is, blanks included: a listing, not a posting.
 */
export const exportIssues = (line: ExportLine, format: ExportFormat): ExportIssue[] => {
  const issues: ExportIssue[] = [];
  switch (format) {
    case "CSV":
    case "XLSX":
      return issues;
    case "DK":
      if (line.account === null) issues.push("MISSING_ACCOUNT");
      if (line.teamName !== null && line.department === null) issues.push("MISSING_DEPARTMENT");
      return issues;
    case "Payday":
      if (line.account === null) issues.push("MISSING_ACCOUNT");
      if (line.vat !== null && !PAYDAY_VAT_BASIS_POINTS.includes(line.vat.basisPoints)) {
        issues.push("UNSUPPORTED_VAT_RATE");
      }
      return issues;
    case "PeppolIS":
    case "Unimaze":
      if (line.vat === null) issues.push("MISSING_TAX_CATEGORY");
      else if (!UBL_TAX_CATEGORIES.includes(line.vat.peppolCode)) issues.push("UNSUPPORTED_TAX_CATEGORY");
      if (line.seller === null || !sellerIsComplete(line.seller)) issues.push("MISSING_SELLER");
      return issues;
  }
};

/** The text of a voucher: the merchant, and the description when it says more. */
export const entryText = (line: ExportLine): string => {
  const description = line.description.trim();
  return description === "" || description === line.merchant ? line.merchant : `${line.merchant} - ${description}`;
};

const assertWhole = (amount: number, what: string): void => {
  // Money is integer end to end; a fraction here is a bug upstream, not something to round away quietly.
  if (!Number.isSafeInteger(amount)) throw new RangeError(`${what} must be whole krónur, got ${amount}`);
};

/** The postings of one line, before the voucher merges them. */
const linePostings = (line: ExportLine, accounts: ExportAccounts): Posting[] => {
  assertWhole(line.amountIsk, "amountIsk");
  if (line.account === null) throw new Error(`Transaction ${line.transactionId} has no account (see exportIssues)`);
  const vat = line.vat?.amountIsk ?? 0;
  assertWhole(vat, "vat.amountIsk");
  const postings: Posting[] = [
    {
      kind: "expense",
      account: line.account,
      department: line.department,
      amount: line.amountIsk - vat,
      basisPoints: null,
    },
  ];
  if (line.vat !== null && vat !== 0) {
    const rate = line.vat.basisPoints;
    const account = accounts.vatByRate[String(rate)] ?? accounts.vatDefault;
    postings.push({ kind: "vat", account, department: null, amount: vat, basisPoints: rate });
  }
  postings.push({
    kind: "liability",
    account: accounts.cardLiability,
    department: null,
    amount: -line.amountIsk,
    basisPoints: null,
  });
  return postings;
};

const postingKey = (p: Posting): string =>
  `${p.kind}\u0000${p.account}\u0000${p.department ?? ""}\u0000${p.basisPoints}`;

/**
 * Merges postings to the same account, department and rate (so VAT is one posting per rate), keeps first-seen order,
 * drops zero postings, and puts any remainder on the rounding account so the voucher nets to zero. With Kort's whole
 * krónur and its VAT taken from the gross there is no remainder; the rounding posting is the guarantee, not a habit.
 */
export const balancedPostings = (postings: readonly Posting[], accounts: ExportAccounts): Posting[] => {
  const merged = new Map<string, Posting>();
  for (const posting of postings) {
    const key = postingKey(posting);
    const seen = merged.get(key);
    if (seen) seen.amount += posting.amount;
    else merged.set(key, { ...posting });
  }
  const result = [...merged.values()].filter((p) => p.amount !== 0);
  const remainder = result.reduce((sum, p) => sum + p.amount, 0);
  if (remainder !== 0) {
    result.push({
      kind: "rounding",
      account: accounts.rounding,
      department: null,
      amount: -remainder,
      basisPoints: null,
    });
  }
  return result;
};

const entryOf = (lines: readonly ExportLine[], accounts: ExportAccounts): JournalEntry => {
  const [first] = lines;
  if (first === undefined) throw new Error("A voucher needs at least one line");
  return {
    voucher: first.voucher,
    date: first.date,
    text: entryText(first),
    reference: first.transactionId,
    postings: balancedPostings(
      lines.flatMap((line) => linePostings(line, accounts)),
      accounts,
    ),
  };
};

/**
 * The vouchers of a stream of lines, one at a time: consecutive lines with the same voucher number form one voucher
 * (the export query gives them in voucher order), so memory holds one voucher, never the export.
 */
export async function* journalEntries(
  lines: AsyncIterable<ExportLine> | Iterable<ExportLine>,
  accounts: ExportAccounts,
): AsyncGenerator<JournalEntry> {
  let pending: ExportLine[] = [];
  for await (const line of lines) {
    if (pending.length > 0 && pending[0]?.voucher !== line.voucher) {
      yield entryOf(pending, accounts);
      pending = [];
    }
    pending.push(line);
  }
  if (pending.length > 0) yield entryOf(pending, accounts);
}
