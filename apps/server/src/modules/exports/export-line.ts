/**
 * One transaction as every export format reads it (issue 14): what the export query gives per row, in the
 * transaction's order. Money is integer: ISK amounts in whole krónur (ISK has no minor unit), the original amount
 * in its currency's minor units with the exponent the network gave. The formats (formats/*.ts) turn a stream of these
 * into a file; none reads the database.
 */
export type ExportLine = {
  transactionId: string;
  /** The voucher (document) number: 1, 2, 3… in the export's order. */
  voucher: number;
  /** The purchase's date (UTC, Iceland's time), YYYY-MM-DD. */
  date: string;
  cardholderName: string;
  /** The card's last four digits. */
  cardLastFour: string;
  merchant: string;
  description: string;
  comment: string | null;
  /** What the card was charged in ISK, VAT included: positive for a purchase, negative for a refund. */
  amountIsk: number;
  /** The VAT in `amountIsk` by its tax category, or null when none is set (nothing to split out). */
  vat: ExportVat | null;
  originalAmount: number;
  originalCurrency: string;
  originalExponent: number;
  /** ISK per one unit of the original currency as a decimal string ("146.25"); null for ISK. */
  fxRate: string | null;
  /** The category's code: the expense account. Null when uncategorised. */
  account: string | null;
  categoryTitle: string | null;
  /** The team's account code: the department. */
  department: string | null;
  teamName: string | null;
  dimensions: readonly { title: string; value: string }[];
  /** A link to the receipt(s) in Kort, or null when there is none. */
  receiptUrl: string | null;
  /**
   * The merchant as the seller of a UBL document (PeppolIS, Unimaze), or null when Kort does not know who it is: a
   * card network gives a merchant's name and country, not its kennitala, VAT number or street (docs/exports.md).
   */
  seller: ExportSeller | null;
};

/** Who sold: what Peppol and the Icelandic rules (IS-R-002, IS-R-003) ask of a seller. */
export type ExportSeller = {
  name: string;
  /** ISO 3166-1 alpha-2 ("IS"). */
  country: string;
  /** An Icelandic seller's kennitala (10 digits); another's legal registration id, or null. */
  legalId: string | null;
  /** The VAT number as registered: Icelandic VSK-númer without prefix ("123456"), others with theirs ("DK12345678"). */
  vatNumber: string | null;
  street: string | null;
  city: string | null;
  postcode: string | null;
  /** The Peppol electronic address; null for an Icelandic seller means its kennitala under scheme 0196. */
  endpoint: { scheme: string; id: string } | null;
};

export type ExportVat = {
  /** The tax category's code (VSK24). */
  code: string;
  /** 24% = 2400. */
  basisPoints: number;
  /** S, Z, E, AE, K, G or O. */
  peppolCode: string;
  /** The VAT part of `amountIsk` in whole krónur (vatOfGross), same sign. */
  amountIsk: number;
};

/**
 * The company's ledger accounts an export posts against besides each category's: the card liability (the offset
 * of every purchase), input VAT per rate, and rounding. From the project's settings, defaults after the Icelandic
 * tax-return chart that Payday's default chart follows.
 */
export type ExportAccounts = {
  cardLiability: string;
  /** Input VAT account per rate in basis points ("2400" → "2620"); a rate not listed uses `vatDefault`. */
  vatByRate: Readonly<Record<string, string>>;
  vatDefault: string;
  rounding: string;
};

export const DEFAULT_EXPORT_ACCOUNTS: ExportAccounts = {
  cardLiability: "5120",
  vatByRate: { "2400": "2620", "1100": "2621" },
  vatDefault: "2620",
  rounding: "7990",
};

/**
 * The VAT inside a gross amount at `basisPoints` (24% = 2400), in whole krónur: gross × p / (10000 + p), rounded half
 * away from zero, exactly (integers only). 12.400 kr. at 24% holds 2.400 kr. of VAT.
 */
export const vatOfGross = (gross: number, basisPoints: number): number => {
  if (basisPoints === 0) return 0;
  const numerator = BigInt(Math.abs(gross)) * BigInt(basisPoints) * 2n;
  const denominator = BigInt(10_000 + basisPoints);
  const rounded = (numerator + denominator) / (2n * denominator);
  return Number(gross < 0 ? -rounded : rounded);
};

/**
 * What a format needs of a row to carry it: a journal an account and, where the team has one, its department;
 * Payday a VAT rate it knows; UBL a tax category of S, Z or E and the seller's details.
 */
export type RowNeed = "account" | "department" | "vat_rate" | "ubl_tax_category" | "seller";
