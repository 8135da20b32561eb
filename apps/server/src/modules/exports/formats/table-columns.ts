import type { Locale } from "@kort/core";
import type { ExportAccounts, ExportLine } from "../export-line.ts";

/**
 * The columns of the table formats (CSV and XLSX): one row per transaction with what an accountant expects of it
 * (decisions.md, "Icelandic formats"). Titles in the file's language; values typed, so XLSX writes real dates and
 * numbers and CSV writes them as the locale reads them.
 */

export type CellValue =
  | { kind: "text"; value: string }
  | { kind: "date"; value: string }
  | { kind: "isk"; value: number }
  /** An amount in minor units of a currency with `exponent` decimals (the original amount). */
  | { kind: "minor"; value: number; exponent: number }
  /** A decimal given as text ("146.2500", "24"), written as the locale writes decimals. */
  | { kind: "decimal"; value: string }
  | { kind: "empty" };

export type TableColumn = {
  id: string;
  title: Record<Locale, string>;
  /** Width in characters (XLSX). */
  width: number;
  value: (line: ExportLine, accounts: ExportAccounts) => CellValue;
};

const text = (value: string | null | undefined): CellValue =>
  value === null || value === undefined || value === "" ? { kind: "empty" } : { kind: "text", value };

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
    value: (l) => text(String(l.voucher)),
  },
  {
    id: "date",
    title: { "is-IS": "Dagsetning", "en-US": "Date" },
    width: 12,
    value: (l) => ({ kind: "date", value: l.date }),
  },
  {
    id: "cardholder",
    title: { "is-IS": "Korthafi", "en-US": "Cardholder" },
    width: 24,
    value: (l) => text(l.cardholderName),
  },
  { id: "card", title: { "is-IS": "Kort", "en-US": "Card" }, width: 8, value: (l) => text(l.cardLastFour) },
  { id: "merchant", title: { "is-IS": "Söluaðili", "en-US": "Merchant" }, width: 28, value: (l) => text(l.merchant) },
  {
    id: "description",
    title: { "is-IS": "Lýsing", "en-US": "Description" },
    width: 28,
    value: (l) => text(l.description),
  },
  {
    id: "amount",
    title: { "is-IS": "Upphæð m/vsk", "en-US": "Amount incl. VAT" },
    width: 16,
    value: (l) => ({ kind: "isk", value: l.amountIsk }),
  },
  {
    id: "net",
    title: { "is-IS": "Upphæð án vsk", "en-US": "Amount excl. VAT" },
    width: 16,
    value: (l) => ({ kind: "isk", value: l.amountIsk - (l.vat?.amountIsk ?? 0) }),
  },
  {
    id: "vat_rate",
    title: { "is-IS": "VSK %", "en-US": "VAT %" },
    width: 8,
    value: (l) => (l.vat ? { kind: "decimal", value: percentText(l.vat.basisPoints) } : { kind: "empty" }),
  },
  {
    id: "vat",
    title: { "is-IS": "VSK", "en-US": "VAT" },
    width: 12,
    value: (l) => (l.vat ? { kind: "isk", value: l.vat.amountIsk } : { kind: "empty" }),
  },
  {
    id: "vat_code",
    title: { "is-IS": "VSK-flokkur", "en-US": "Tax category" },
    width: 12,
    value: (l) => text(l.vat?.code),
  },
  {
    id: "original",
    title: { "is-IS": "Upphafleg upphæð", "en-US": "Original amount" },
    width: 16,
    value: (l) => ({ kind: "minor", value: l.originalAmount, exponent: l.originalExponent }),
  },
  { id: "currency", title: { "is-IS": "Mynt", "en-US": "Currency" }, width: 8, value: (l) => text(l.originalCurrency) },
  {
    id: "rate",
    title: { "is-IS": "Gengi", "en-US": "Rate" },
    width: 10,
    value: (l) => (l.fxRate ? { kind: "decimal", value: l.fxRate } : { kind: "empty" }),
  },
  { id: "account", title: { "is-IS": "Lykill", "en-US": "Account" }, width: 10, value: (l) => text(l.account) },
  {
    id: "category",
    title: { "is-IS": "Flokkur", "en-US": "Category" },
    width: 24,
    value: (l) => text(l.categoryTitle),
  },
  {
    id: "offset",
    title: { "is-IS": "Mótlykill", "en-US": "Offset account" },
    width: 12,
    value: (_l, accounts) => text(accounts.cardLiability),
  },
  { id: "department", title: { "is-IS": "Deild", "en-US": "Department" }, width: 10, value: (l) => text(l.department) },
  { id: "team", title: { "is-IS": "Teymi", "en-US": "Team" }, width: 18, value: (l) => text(l.teamName) },
  {
    id: "dimensions",
    title: { "is-IS": "Víddir", "en-US": "Dimensions" },
    width: 28,
    value: (l) => text(l.dimensions.map((d) => `${d.title}: ${d.value}`).join(" | ")),
  },
  { id: "receipt", title: { "is-IS": "Kvittun", "en-US": "Receipt" }, width: 40, value: (l) => text(l.receiptUrl) },
  { id: "comment", title: { "is-IS": "Athugasemd", "en-US": "Comment" }, width: 28, value: (l) => text(l.comment) },
];

/** Minor units as a decimal string with `exponent` places ("1299", 2 → "12.99"; "-5", 2 → "-0.05"). */
export const minorToDecimal = (value: number, exponent: number): string => {
  if (exponent === 0) return String(value);
  const digits = String(Math.abs(value)).padStart(exponent + 1, "0");
  return `${value < 0 ? "-" : ""}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
};
