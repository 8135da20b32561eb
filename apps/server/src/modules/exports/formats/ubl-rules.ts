import {
  abs,
  type Decimal,
  decimal,
  decimalsWritten,
  divide,
  fromInteger,
  multiply,
  round0,
  round2,
  SCALE,
  show,
} from "./ubl-decimal.ts";
import { descendants, first, normalize, parseXml, select, textAt, UBL_NS, type XmlElement } from "./xml-tree.ts";

/**
 * Kort's own checks of a UBL document, run before a document is stored or sent, so the user sees which official rule
 * failed and why: the Icelandic national rules (IS-R-001 to IS-R-010), the Peppol BIS 3.0 rules a Kort document can
 * break (PEPPOL-EN16931-R…), and the EN 16931 sums and decimals (BR-CO-…, BR-DEC-…). Each check follows the official
 * schematron's test (../shared/peppol/rules); the tests hold the two side by side. It is not the whole rule set:
 * code lists, party identifiers of other countries and allowances/charges are left to the schematron.
 */

export type RuleFailure = { id: string; flag: "fatal" | "warning"; message: string };

type Doc = {
  root: XmlElement;
  kind: "Invoice" | "CreditNote";
  lines: XmlElement[];
  supplier: XmlElement | undefined;
  customer: XmlElement | undefined;
  totals: XmlElement | undefined;
};

/** A rule's test: true when it holds, else false or a sentence saying what was found. */
type Rule = { id: string; flag: "fatal" | "warning"; message: string; test: (doc: Doc) => boolean | string };

const amountOf = (from: XmlElement | undefined, path: string): Decimal | null => decimal(textAt(from, path));
const sum = (values: readonly Decimal[]): Decimal => values.reduce((total, v) => total + v, 0n);
const exists = (from: XmlElement | undefined, path: string) => select(from, path).length > 0;

const supplierCountry = (doc: Doc) => textAt(doc.supplier, "cac:PostalAddress/cac:Country/cbc:IdentificationCode");
const customerCountry = (doc: Doc) => textAt(doc.customer, "cac:PostalAddress/cac:Country/cbc:IdentificationCode");
const eindagi = (doc: Doc) =>
  select(doc.root, "cac:AdditionalDocumentReference").filter((r) => textAt(r, "cbc:DocumentDescription") === "EINDAGI");

const isDate = (text: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
};

/** IS-R-006 and -007: a 12-digit account (bank 4, ledger 2, account 6) for payment means 9 and 42. */
const icelandicAccount = (code: string) => (doc: Doc) => {
  const means = select(doc.root, "cac:PaymentMeans").filter((m) => textAt(m, "cbc:PaymentMeansCode") === code);
  if (means.length === 0) return true;
  const account = textAt(means[0], "cac:PayeeFinancialAccount/cbc:ID");
  return account?.length === 12 || `the account is ${account === undefined ? "missing" : `"${account}"`}`;
};

const ICELAND: Rule[] = [
  {
    id: "IS-R-001",
    flag: "warning",
    message:
      "An Icelandic seller's invoice type should be 380 or 381 (Ef seljandi er íslenskur ætti gerð reiknings að vera 380 eða 381).",
    test: (doc) =>
      ["380", "381"].includes(
        textAt(doc.root, doc.kind === "Invoice" ? "cbc:InvoiceTypeCode" : "cbc:CreditNoteTypeCode") ?? "",
      ),
  },
  {
    id: "IS-R-002",
    flag: "fatal",
    message:
      "An Icelandic seller's kennitala must be in PartyLegalEntity/CompanyID with schemeID 0196 (íslensk kennitala seljanda).",
    test: (doc) =>
      select(doc.supplier, "cac:PartyLegalEntity/cbc:CompanyID").some((c) => c.attributes.schemeID === "0196"),
  },
  {
    id: "IS-R-003",
    flag: "fatal",
    message: "An Icelandic seller's address must have a street name and a postcode (götuheiti og póstnúmer seljanda).",
    test: (doc) =>
      exists(doc.supplier, "cac:PostalAddress/cbc:StreetName") &&
      exists(doc.supplier, "cac:PostalAddress/cbc:PostalZone"),
  },
  {
    id: "IS-R-006",
    flag: "fatal",
    message: "Payment means 9 (krafa) needs a 12-digit account: bank 4, ledger 66, account 6.",
    test: icelandicAccount("9"),
  },
  {
    id: "IS-R-007",
    flag: "fatal",
    message: "Payment means 42 (millifærsla) needs a 12-digit account: bank 4, ledger 2, account 6.",
    test: icelandicAccount("42"),
  },
  {
    id: "IS-R-008",
    flag: "fatal",
    message: "The final due date (EINDAGI) must be written YYYY-MM-DD (eindagi á forminu ÁÁÁÁ-MM-DD).",
    test: (doc) => {
      const reference = eindagi(doc)[0];
      if (reference === undefined) return true;
      const id = normalize(first(reference, "cbc:ID")?.text ?? "");
      return (id.length === 10 && isDate(id)) || `EINDAGI is "${id}"`;
    },
  },
  {
    id: "IS-R-009",
    flag: "fatal",
    message: "A document with a final due date (EINDAGI) must have a due date (gjalddagi, cbc:DueDate).",
    test: (doc) => eindagi(doc).length === 0 || exists(doc.root, "cbc:DueDate"),
  },
  {
    id: "IS-R-010",
    flag: "fatal",
    message: "The final due date (EINDAGI) must be on or after the due date (eindagi sami eða síðar en gjalddagi).",
    test: (doc) => {
      const reference = eindagi(doc)[0];
      if (reference === undefined) return true;
      const due = textAt(doc.root, "cbc:DueDate");
      const final = textAt(reference, "cbc:ID") ?? "";
      return (due !== undefined && due <= final) || `due ${due ?? "missing"}, EINDAGI ${final}`;
    },
  },
];

const ICELANDIC_BUYER: Rule[] = [
  {
    id: "IS-R-004",
    flag: "fatal",
    message:
      "When seller and buyer are Icelandic, the buyer's kennitala must be in PartyLegalEntity/CompanyID with schemeID 0196.",
    test: (doc) =>
      select(doc.customer, "cac:PartyLegalEntity/cbc:CompanyID").some((c) => c.attributes.schemeID === "0196"),
  },
  {
    id: "IS-R-005",
    flag: "fatal",
    message: "When seller and buyer are Icelandic, the buyer's address must have a street name and a postcode.",
    test: (doc) =>
      exists(doc.customer, "cac:PostalAddress/cbc:StreetName") &&
      exists(doc.customer, "cac:PostalAddress/cbc:PostalZone"),
  },
];

const AMOUNT_NAMES = new Set([
  "Amount",
  "BaseAmount",
  "PriceAmount",
  "TaxableAmount",
  "LineExtensionAmount",
  "TaxExclusiveAmount",
  "TaxInclusiveAmount",
  "AllowanceTotalAmount",
  "ChargeTotalAmount",
  "PrepaidAmount",
  "PayableRoundingAmount",
  "PayableAmount",
]);

const TWO_HUNDREDTHS = (2n * SCALE) / 100n;

const lineNet = (line: XmlElement) => amountOf(line, "cbc:LineExtensionAmount") ?? 0n;

const PEPPOL: Rule[] = [
  {
    id: "PEPPOL-EN16931-R001",
    flag: "fatal",
    message: "Business process (ProfileID) must be provided.",
    test: (doc) => exists(doc.root, "cbc:ProfileID"),
  },
  {
    id: "PEPPOL-EN16931-R007",
    flag: "fatal",
    message: "Business process must be urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0.",
    test: (doc) =>
      /^urn:fdc:peppol\.eu:2017:poacc:billing:\d\d:1\.0$/.test(textAt(doc.root, "cbc:ProfileID") ?? "x") ||
      !exists(doc.root, "cbc:ProfileID"),
  },
  {
    id: "PEPPOL-EN16931-R002",
    flag: "fatal",
    message: "No more than one note is allowed on document level.",
    test: (doc) =>
      select(doc.root, "cbc:Note").length <= 1 || (supplierCountry(doc) === "DE" && customerCountry(doc) === "DE"),
  },
  {
    id: "PEPPOL-EN16931-R003",
    flag: "fatal",
    message: "A buyer reference or purchase order reference must be provided.",
    test: (doc) => exists(doc.root, "cbc:BuyerReference") || exists(doc.root, "cac:OrderReference/cbc:ID"),
  },
  {
    id: "PEPPOL-EN16931-R004",
    flag: "fatal",
    message:
      "Specification identifier (CustomizationID) must be urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0.",
    test: (doc) =>
      (textAt(doc.root, "cbc:CustomizationID") ?? "").startsWith(
        "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0",
      ),
  },
  {
    id: "PEPPOL-EN16931-R008",
    flag: "fatal",
    message: "The document must not contain empty elements.",
    test: (doc) => {
      const empty = [...descendants(doc.root)].filter((e) => e.children.length === 0 && normalize(e.text) === "");
      return empty.length === 0 || `empty: ${empty.map((e) => e.local).join(", ")}`;
    },
  },
  {
    id: "PEPPOL-EN16931-R010",
    flag: "fatal",
    message: "Buyer electronic address (EndpointID) must be provided.",
    test: (doc) => exists(doc.customer, "cbc:EndpointID"),
  },
  {
    id: "PEPPOL-EN16931-R020",
    flag: "fatal",
    message: "Seller electronic address (EndpointID) must be provided.",
    test: (doc) => exists(doc.supplier, "cbc:EndpointID"),
  },
  {
    id: "PEPPOL-EN16931-R051",
    flag: "fatal",
    message: "Every amount's currencyID must be the document currency.",
    test: (doc) => {
      const currency = textAt(doc.root, "cbc:DocumentCurrencyCode");
      const wrong = [...descendants(doc.root)].filter(
        (e) =>
          e.uri === UBL_NS.cbc &&
          (AMOUNT_NAMES.has(e.local) || e.local === "TaxAmount") &&
          !(
            e.local === "TaxAmount" &&
            select(doc.root, "cac:TaxTotal").some((t) => t.children.includes(e) && !exists(t, "cac:TaxSubtotal"))
          ) &&
          e.attributes.currencyID !== currency,
      );
      return (
        wrong.length === 0 ||
        `${wrong.map((e) => `${e.local} in ${e.attributes.currencyID}`).join(", ")}, document in ${currency}`
      );
    },
  },
  {
    id: "PEPPOL-EN16931-R053",
    flag: "fatal",
    message: "Only one tax total with tax subtotals must be provided.",
    test: (doc) => select(doc.root, "cac:TaxTotal").filter((t) => exists(t, "cac:TaxSubtotal")).length === 1,
  },
  {
    id: "PEPPOL-EN16931-R120",
    flag: "fatal",
    message: "A line's net amount must equal quantity × (price / base quantity) + charges - allowances.",
    test: (doc) => {
      const wrong = doc.lines.filter((line) => {
        const quantity =
          amountOf(line, doc.kind === "Invoice" ? "cbc:InvoicedQuantity" : "cbc:CreditedQuantity") ?? fromInteger(1);
        const price = amountOf(line, "cac:Price/cbc:PriceAmount") ?? 0n;
        const baseRaw = amountOf(line, "cac:Price/cbc:BaseQuantity");
        const base = baseRaw === null || baseRaw === 0n ? fromInteger(1) : baseRaw;
        const charges = select(line, "cac:AllowanceCharge").map((c) => {
          const value = round2(amountOf(c, "cbc:Amount") ?? 0n);
          return textAt(c, "cbc:ChargeIndicator") === "true" ? value : -value;
        });
        const expected = multiply(quantity, divide(price, base)) + sum(charges);
        return abs(lineNet(line) - expected) > TWO_HUNDREDTHS;
      });
      return wrong.length === 0 || `line ${wrong.map((l) => textAt(l, "cbc:ID")).join(", ")}`;
    },
  },
  {
    id: "PEPPOL-EN16931-R121",
    flag: "fatal",
    message: "Base quantity must be a positive number above zero.",
    test: (doc) =>
      doc.lines.every((line) => {
        const base = amountOf(line, "cac:Price/cbc:BaseQuantity");
        return !exists(line, "cac:Price/cbc:BaseQuantity") || (base !== null && base > 0n);
      }),
  },
];

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

const SUMS: Rule[] = [
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

const DECIMAL_RULES: Rule[] = DECIMALS.map(([id, what, elements]) => ({
  id,
  flag: "fatal",
  message: `The allowed maximum number of decimals for the ${what} is 2.`,
  test: (doc) => {
    const wrong = elements(doc).filter((e) => decimalsWritten(e.text) > 2);
    return wrong.length === 0 || `found ${wrong.map((e) => normalize(e.text)).join(", ")}`;
  },
}));

const docOf = (root: XmlElement): Doc | null => {
  const kind =
    root.uri === UBL_NS.inv && root.local === "Invoice"
      ? "Invoice"
      : root.uri === UBL_NS.cn && root.local === "CreditNote"
        ? "CreditNote"
        : null;
  if (kind === null) return null;
  return {
    root,
    kind,
    lines: select(root, kind === "Invoice" ? "cac:InvoiceLine" : "cac:CreditNoteLine"),
    supplier: first(root, "cac:AccountingSupplierParty/cac:Party"),
    customer: first(root, "cac:AccountingCustomerParty/cac:Party"),
    totals: first(root, "cac:LegalMonetaryTotal"),
  };
};

const run = (rules: readonly Rule[], doc: Doc): RuleFailure[] =>
  rules.flatMap((rule) => {
    const result = rule.test(doc);
    if (result === true) return [];
    const message = typeof result === "string" ? `${rule.message} (${result})` : rule.message;
    return [{ id: rule.id, flag: rule.flag, message }];
  });

/**
 * The rules `xml` breaks, empty when it passes. The Icelandic rules apply when the seller's country is exactly IS, and
 * IS-R-004 and -005 when the buyer's is too, as in the Peppol file.
 */
export const checkUbl = (xml: string): RuleFailure[] => {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    return [{ id: "XML", flag: "fatal", message: `Not well-formed XML: ${(error as Error).message}` }];
  }
  const doc = docOf(root);
  if (doc === null) return [{ id: "UBL", flag: "fatal", message: "Not a UBL 2.1 Invoice or CreditNote" }];
  const icelandic = supplierCountry(doc) === "IS";
  return [
    ...run(PEPPOL, doc),
    ...run(SUMS, doc),
    ...run(DECIMAL_RULES, doc),
    ...(icelandic ? run(ICELAND, doc) : []),
    ...(icelandic && customerCountry(doc) === "IS" ? run(ICELANDIC_BUYER, doc) : []),
  ];
};

/** The rules that stop a document: failures flagged fatal (IS-R-001 is a warning). */
export const fatalFailures = (xml: string): RuleFailure[] => checkUbl(xml).filter((f) => f.flag === "fatal");
