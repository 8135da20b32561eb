import type { Locale } from "@kort/core";
import type { ExportAccounts, ExportLine } from "../export-line.ts";

/**
 * The columns of the table formats (CSV and XLSX): one row per transaction with what an accountant expects of it
 * (decisions.md, "Icelandic formats"). Titles in the file's language; values typed, so XLSX writes real dates and
 * numbers and CSV writes them as the locale reads them.
 */

/**
 * What a column holds, which says how each format writes its values: text as it is; a date (YYYY-MM-DD); whole
 * krónur (a number); an amount in its currency as decimal text with the currency's decimals ("-22.99", "4590"); a
 * decimal as text ("146.2500", "24"). Decimals are written as the locale writes them. A column's value is null where
 * the row has none (an empty cell).
 */
export type CellKind = "text" | "date" | "isk" | "amount" | "decimal";

type Cell = { text: string | null; date: string; isk: number | null; amount: string; decimal: string | null };

/**
 * A column answers a plain value per row, its kind fixed by the column: a million rows of twenty cells make no cell
 * object each (the allocation was most of a CSV export's garbage collection).
 */
export type TableColumn = {
  [K in CellKind]: {
    id: string;
    title: Record<Locale, string>;
    /** Width in characters (XLSX). */
    width: number;
    kind: K;
    value: (line: ExportLine, accounts: ExportAccounts) => Cell[K];
  };
}[CellKind];

const text = (value: string | null | undefined): string | null =>
  value === null || value === undefined || value === "" ? null : value;

/** 2400 basis points as "24", 550 as "5.5". */
const percentText = (basisPoints: number): string => {
  const whole = Math.trunc(basisPoints / 100);
  const rest = String(basisPoints % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return rest === "" ? String(whole) : `${whole}.${rest}`;
};

export const TABLE_COLUMNS: readonly TableColumn[] = [
  {
    id: "voucher",
    title: { "is-IS": "Fylgiskjal", "en-US": "Voucher" },
    width: 10,
    kind: "text",
    value: (l) => String(l.voucher),
  },
  {
    id: "date",
    title: { "is-IS": "Dagsetning", "en-US": "Date" },
    width: 12,
    kind: "date",
    value: (l) => l.date,
  },
  {
    id: "cardholder",
    title: { "is-IS": "Korthafi", "en-US": "Cardholder" },
    width: 24,
    kind: "text",
    value: (l) => text(l.cardholderName),
  },
  {
    id: "card",
    title: { "is-IS": "Kort", "en-US": "Card" },
    width: 8,
    kind: "text",
    value: (l) => text(l.cardLastFour),
  },
  {
    id: "merchant",
    title: { "is-IS": "Söluaðili", "en-US": "Merchant" },
    width: 28,
    kind: "text",
    value: (l) => text(l.merchant),
  },
  {
    id: "description",
    title: { "is-IS": "Lýsing", "en-US": "Description" },
    width: 28,
    kind: "text",
    value: (l) => text(l.description),
  },
  {
    id: "amount",
    title: { "is-IS": "Upphæð m/vsk", "en-US": "Amount incl. VAT" },
    width: 16,
    kind: "isk",
    value: (l) => l.amountIsk,
  },
  {
    id: "net",
    title: { "is-IS": "Upphæð án vsk", "en-US": "Amount excl. VAT" },
    width: 16,
    kind: "isk",
    value: (l) => l.amountIsk - (l.vat?.amountIsk ?? 0),
  },
  {
    id: "vat_rate",
    title: { "is-IS": "VSK %", "en-US": "VAT %" },
    width: 8,
    kind: "decimal",
    value: (l) => (l.vat ? percentText(l.vat.basisPoints) : null),
  },
  {
    id: "vat",
    title: { "is-IS": "VSK", "en-US": "VAT" },
    width: 12,
    kind: "isk",
    value: (l) => (l.vat ? l.vat.amountIsk : null),
  },
  {
    id: "vat_code",
    title: { "is-IS": "VSK-flokkur", "en-US": "Tax category" },
    width: 12,
    kind: "text",
    value: (l) => text(l.vat?.code),
  },
  {
    id: "original",
    title: { "is-IS": "Upphafleg upphæð", "en-US": "Original amount" },
    width: 16,
    kind: "amount",
    value: (l) => minorToDecimal(l.originalAmount, l.originalExponent),
  },
  {
    id: "currency",
    title: { "is-IS": "Mynt", "en-US": "Currency" },
    width: 8,
    kind: "text",
    value: (l) => text(l.originalCurrency),
  },
  {
    id: "rate",
    title: { "is-IS": "Gengi", "en-US": "Rate" },
    width: 10,
    kind: "decimal",
    value: (l) => l.fxRate || null,
  },
  {
    id: "account",
    title: { "is-IS": "Lykill", "en-US": "Account" },
    width: 10,
    kind: "text",
    value: (l) => text(l.account),
  },
  {
    id: "category",
    title: { "is-IS": "Flokkur", "en-US": "Category" },
    width: 24,
    kind: "text",
    value: (l) => text(l.categoryTitle),
  },
  {
    id: "offset",
    title: { "is-IS": "Mótlykill", "en-US": "Offset account" },
    width: 12,
    kind: "text",
    value: (_l, accounts) => text(accounts.cardLiability),
  },
  {
    id: "department",
    title: { "is-IS": "Deild", "en-US": "Department" },
    width: 10,
    kind: "text",
    value: (l) => text(l.department),
  },
  { id: "team", title: { "is-IS": "Teymi", "en-US": "Team" }, width: 18, kind: "text", value: (l) => text(l.teamName) },
  {
    id: "dimensions",
    title: { "is-IS": "Víddir", "en-US": "Dimensions" },
    width: 28,
    kind: "text",
    value: (l) => text(l.dimensions.map((d) => `${d.title}: ${d.value}`).join(" | ")),
  },
  {
    id: "receipt",
    title: { "is-IS": "Kvittun", "en-US": "Receipt" },
    width: 40,
    kind: "text",
    value: (l) => text(l.receiptUrl),
  },
  {
    id: "comment",
    title: { "is-IS": "Athugasemd", "en-US": "Comment" },
    width: 28,
    kind: "text",
    value: (l) => text(l.comment),
  },
];

/** Minor units as a decimal string with `exponent` places ("1299", 2 → "12.99"; "-5", 2 → "-0.05"). */
export const minorToDecimal = (value: number, exponent: number): string => {
  if (exponent === 0) return String(value);
  const digits = String(Math.abs(value)).padStart(exponent + 1, "0");
  return `${value < 0 ? "-" : ""}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
};
