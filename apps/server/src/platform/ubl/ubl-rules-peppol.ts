import { abs, divide, fromInteger, multiply, round2, SCALE } from "./ubl-decimal.ts";
import { amountOf, customerCountry, exists, type Rule, sum, supplierCountry } from "./ubl-rule-kit.ts";
import { descendants, normalize, select, textAt, UBL_NS, type XmlElement } from "./xml-tree.ts";

/** The Peppol BIS 3.0 rules (PEPPOL-EN16931-R…) that a document like Kort's can break. */

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

export const lineNet = (line: XmlElement) => amountOf(line, "cbc:LineExtensionAmount") ?? 0n;

export const PEPPOL: Rule[] = [
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
