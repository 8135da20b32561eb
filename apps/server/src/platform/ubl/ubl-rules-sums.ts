import {
  abs,
  type Decimal,
  decimalsWritten,
  divide,
  fromInteger,
  multiply,
  round0,
  round2,
  SCALE,
  show,
} from "./ubl-decimal.ts";
import { amountOf, type Doc, exists, type Rule, sum } from "./ubl-rule-kit.ts";
import { lineNet } from "./ubl-rules-peppol.ts";
import { normalize, select, textAt, type XmlElement } from "./xml-tree.ts";

/** The EN 16931 sums and decimals (CEN-EN16931-UBL.sch): BR-CO-…, BR-S/Z/E-09, BR-DEC-…. */

/** The tax total in the document's currency, the one with subtotals (BR-CO-14, BR-CO-15). */
const taxTotal = (doc: Doc) => select(doc.root, "cac:TaxTotal").find((t) => exists(t, "cac:TaxSubtotal"));

const categoryOf = (subtotal: XmlElement) => textAt(subtotal, "cac:TaxCategory/cbc:ID") ?? "";

/** The VAT breakdowns (BG-23), of one category when given. */
const subtotals = (doc: Doc, category?: string) =>
  select(taxTotal(doc), "cac:TaxSubtotal").filter((s) => category === undefined || categoryOf(s) === category);

/** BR-CO-17 and BR-S-09: tax = taxable × rate to two decimals, give or take one unit, as the official tests allow. */
const taxMatchesRate = (subtotal: XmlElement): boolean => {
  const percent = amountOf(subtotal, "cac:TaxCategory/cbc:Percent") ?? 0n;
  const tax = abs(amountOf(subtotal, "cbc:TaxAmount") ?? 0n);
  const taxable = abs(amountOf(subtotal, "cbc:TaxableAmount") ?? 0n);
  const expected = round2(multiply(taxable, divide(percent, fromInteger(100))));
  return tax - SCALE < expected && tax + SCALE > expected;
};

const equal = (found: Decimal | null, expected: Decimal) =>
  (found !== null && found === expected) ||
  `found ${found === null ? "nothing" : show(found)}, expected ${show(expected)}`;

export const SUMS: Rule[] = [
  {
    id: "BR-CO-10",
    flag: "fatal",
    message: "Sum of Invoice line net amount (BT-106) = Σ Invoice line net amount (BT-131).",
    test: (doc) => equal(amountOf(doc.totals, "cbc:LineExtensionAmount"), round2(sum(doc.lines.map(lineNet)))),
  },
  {
    id: "BR-CO-13",
    flag: "fatal",
    message:
      "Invoice total amount without VAT (BT-109) = Σ line net amounts - allowances on document level + charges on document level.",
    test: (doc) =>
      equal(
        amountOf(doc.totals, "cbc:TaxExclusiveAmount"),
        round2(
          (amountOf(doc.totals, "cbc:LineExtensionAmount") ?? 0n) -
            (amountOf(doc.totals, "cbc:AllowanceTotalAmount") ?? 0n) +
            (amountOf(doc.totals, "cbc:ChargeTotalAmount") ?? 0n),
        ),
      ),
  },
  {
    id: "BR-CO-14",
    flag: "fatal",
    message: "Invoice total VAT amount (BT-110) = Σ VAT category tax amount (BT-117).",
    test: (doc) => {
      const total = taxTotal(doc);
      if (total === undefined) return true;
      const subtotals = select(total, "cac:TaxSubtotal").map((s) => amountOf(s, "cbc:TaxAmount") ?? 0n);
      return equal(amountOf(total, "cbc:TaxAmount"), round2(sum(subtotals)));
    },
  },
  {
    id: "BR-CO-15",
    flag: "fatal",
    message:
      "Invoice total amount with VAT (BT-112) = Invoice total amount without VAT (BT-109) + Invoice total VAT amount (BT-110).",
    test: (doc) =>
      equal(
        amountOf(doc.totals, "cbc:TaxInclusiveAmount"),
        round2(
          (amountOf(doc.totals, "cbc:TaxExclusiveAmount") ?? 0n) + (amountOf(taxTotal(doc), "cbc:TaxAmount") ?? 0n),
        ),
      ),
  },
  {
    id: "BR-CO-16",
    flag: "fatal",
    message:
      "Amount due for payment (BT-115) = Invoice total amount with VAT (BT-112) - Paid amount (BT-113) + Rounding amount (BT-114).",
    test: (doc) =>
      equal(
        amountOf(doc.totals, "cbc:PayableAmount"),
        round2(
          (amountOf(doc.totals, "cbc:TaxInclusiveAmount") ?? 0n) -
            (amountOf(doc.totals, "cbc:PrepaidAmount") ?? 0n) +
            (amountOf(doc.totals, "cbc:PayableRoundingAmount") ?? 0n),
        ),
      ),
  },
  {
    id: "BR-CO-17",
    flag: "fatal",
    message:
      "VAT category tax amount (BT-117) = VAT category taxable amount (BT-116) × (VAT category rate (BT-119) / 100), rounded to two decimals.",
    test: (doc) => {
      const wrong = subtotals(doc).filter((subtotal) => {
        const percent = amountOf(subtotal, "cac:TaxCategory/cbc:Percent") ?? 0n;
        return round0(percent) === 0n
          ? round0(amountOf(subtotal, "cbc:TaxAmount") ?? 0n) !== 0n
          : !taxMatchesRate(subtotal);
      });
      return wrong.length === 0 || `category ${wrong.map(categoryOf).join(", ")}`;
    },
  },
  {
    id: "BR-S-09",
    flag: "fatal",
    message: "The VAT of a standard rated (S) breakdown shall equal its taxable amount multiplied by its rate.",
    test: (doc) => subtotals(doc, "S").every(taxMatchesRate),
  },
  {
    id: "BR-Z-09",
    flag: "fatal",
    message: "The VAT of a zero rated (Z) breakdown shall equal 0.",
    test: (doc) => subtotals(doc, "Z").every((s) => amountOf(s, "cbc:TaxAmount") === 0n),
  },
  {
    id: "BR-E-09",
    flag: "fatal",
    message: "The VAT of an exempt (E) breakdown shall equal 0.",
    test: (doc) => subtotals(doc, "E").every((s) => amountOf(s, "cbc:TaxAmount") === 0n),
  },
  {
    id: "BR-CO-18",
    flag: "fatal",
    message: "An Invoice shall at least have one VAT breakdown group (BG-23).",
    test: (doc) => exists(doc.root, "cac:TaxTotal/cac:TaxSubtotal"),
  },
];

/** BR-DEC: at most two decimals in these amounts (what is written is counted: "10.500" has three). */
const DECIMALS: [id: string, what: string, elements: (doc: Doc) => XmlElement[]][] = [
  ["BR-DEC-09", "Sum of Invoice line net amount (BT-106)", (d) => select(d.totals, "cbc:LineExtensionAmount")],
  ["BR-DEC-12", "Invoice total amount without VAT (BT-109)", (d) => select(d.totals, "cbc:TaxExclusiveAmount")],
  ["BR-DEC-13", "Invoice total VAT amount (BT-110)", (d) => select(taxTotal(d), "cbc:TaxAmount")],
  ["BR-DEC-14", "Invoice total amount with VAT (BT-112)", (d) => select(d.totals, "cbc:TaxInclusiveAmount")],
  ["BR-DEC-16", "Paid amount (BT-113)", (d) => select(d.totals, "cbc:PrepaidAmount")],
  ["BR-DEC-17", "Rounding amount (BT-114)", (d) => select(d.totals, "cbc:PayableRoundingAmount")],
  ["BR-DEC-18", "Amount due for payment (BT-115)", (d) => select(d.totals, "cbc:PayableAmount")],
  [
    "BR-DEC-19",
    "VAT category taxable amount (BT-116)",
    (d) => select(taxTotal(d), "cac:TaxSubtotal/cbc:TaxableAmount"),
  ],
  ["BR-DEC-20", "VAT category tax amount (BT-117)", (d) => select(taxTotal(d), "cac:TaxSubtotal/cbc:TaxAmount")],
  [
    "BR-DEC-23",
    "Invoice line net amount (BT-131)",
    (d) => d.lines.flatMap((l) => select(l, "cbc:LineExtensionAmount")),
  ],
];

export const DECIMAL_RULES: Rule[] = DECIMALS.map(([id, what, elements]) => ({
  id,
  flag: "fatal",
  message: `The allowed maximum number of decimals for the ${what} is 2.`,
  test: (doc) => {
    const wrong = elements(doc).filter((e) => decimalsWritten(e.text) > 2);
    return wrong.length === 0 || `found ${wrong.map((e) => normalize(e.text)).join(", ")}`;
  },
}));
