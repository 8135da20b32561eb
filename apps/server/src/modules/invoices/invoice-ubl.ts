import { ublAmount } from "../../platform/ubl/amounts.ts";
import { CUSTOMIZATION_ID, KENNITALA_SCHEME, PROFILE_ID, rootNamespaces } from "../../platform/ubl/peppol.ts";
import { fatalFailures, type RuleFailure } from "../../platform/ubl/ubl-rules.ts";
import { el, leaf, renderDocument, type XmlNode } from "../../platform/ubl/xml.ts";
import { type InvoiceDocument, VAT_EXEMPTION_REASON } from "./invoice-document.ts";

/**
 * The invoice as a Peppol BIS Billing 3.0 Invoice (UBL 2.1) with the Icelandic rules (docs/invoices.md): the operator
 * sells, the company buys, both by kennitala under 0196; one line per team, VAT category E with its reason; payment
 * by transfer (means 42) to the operator's 12-digit account; the due date both as DueDate and as EINDAGI. Kort's rule
 * checks (platform/ubl) run before it is stored; a document that breaks one is never stored.
 */

const amount = (name: string, krona: number) => leaf(name, ublAmount(krona * 100), { currencyID: "ISK" });

const address = (street: string, city: string, postcode: string): XmlNode =>
  el(
    "cac:PostalAddress",
    leaf("cbc:StreetName", street),
    leaf("cbc:CityName", city),
    leaf("cbc:PostalZone", postcode),
    el("cac:Country", leaf("cbc:IdentificationCode", "IS")),
  );

const exempt = (name: string, withReason: boolean): XmlNode =>
  el(
    name,
    leaf("cbc:ID", "E"),
    leaf("cbc:Percent", "0"),
    withReason && leaf("cbc:TaxExemptionReason", VAT_EXEMPTION_REASON),
    el("cac:TaxScheme", leaf("cbc:ID", "VAT")),
  );

export const invoiceUblXml = (doc: InvoiceDocument): string => {
  const { issuer, buyer } = doc;
  const root = el(
    "Invoice",
    leaf("cbc:CustomizationID", CUSTOMIZATION_ID),
    leaf("cbc:ProfileID", PROFILE_ID),
    leaf("cbc:ID", doc.number),
    leaf("cbc:IssueDate", doc.issueDate),
    leaf("cbc:DueDate", doc.dueDate),
    leaf("cbc:InvoiceTypeCode", "380"),
    leaf("cbc:Note", "Kortavelta tímabilsins; undanþegin virðisaukaskatti. Card spend of the period; exempt from VAT."),
    leaf("cbc:DocumentCurrencyCode", "ISK"),
    // Peppol asks for a buyer or order reference (PEPPOL-EN16931-R003): the company's own kennitala is the one
    // reference every receiving system can route by.
    leaf("cbc:BuyerReference", buyer.kennitala),
    el("cac:InvoicePeriod", leaf("cbc:StartDate", doc.periodFrom), leaf("cbc:EndDate", doc.periodTo)),
    el("cac:AdditionalDocumentReference", leaf("cbc:ID", doc.dueDate), leaf("cbc:DocumentDescription", "EINDAGI")),
    el(
      "cac:AccountingSupplierParty",
      el(
        "cac:Party",
        leaf("cbc:EndpointID", issuer.kennitala, { schemeID: KENNITALA_SCHEME }),
        el("cac:PartyName", leaf("cbc:Name", issuer.name)),
        address(issuer.street, issuer.city, issuer.postcode),
        el(
          "cac:PartyTaxScheme",
          leaf("cbc:CompanyID", /^[A-Z]{2}/.test(issuer.vatNumber) ? issuer.vatNumber : `IS${issuer.vatNumber}`),
          el("cac:TaxScheme", leaf("cbc:ID", "VAT")),
        ),
        el(
          "cac:PartyLegalEntity",
          leaf("cbc:RegistrationName", issuer.name),
          leaf("cbc:CompanyID", issuer.kennitala, { schemeID: KENNITALA_SCHEME }),
        ),
      ),
    ),
    el(
      "cac:AccountingCustomerParty",
      el(
        "cac:Party",
        leaf("cbc:EndpointID", buyer.kennitala, { schemeID: KENNITALA_SCHEME }),
        el("cac:PartyName", leaf("cbc:Name", buyer.name)),
        address(buyer.street, buyer.city, buyer.postcode),
        el(
          "cac:PartyLegalEntity",
          leaf("cbc:RegistrationName", buyer.name),
          leaf("cbc:CompanyID", buyer.kennitala, { schemeID: KENNITALA_SCHEME }),
        ),
      ),
    ),
    el(
      "cac:PaymentMeans",
      leaf("cbc:PaymentMeansCode", "42"),
      leaf("cbc:PaymentID", doc.number),
      el("cac:PayeeFinancialAccount", leaf("cbc:ID", issuer.bankAccount)),
    ),
    el(
      "cac:TaxTotal",
      amount("cbc:TaxAmount", 0),
      el(
        "cac:TaxSubtotal",
        amount("cbc:TaxableAmount", doc.total),
        amount("cbc:TaxAmount", 0),
        exempt("cac:TaxCategory", true),
      ),
    ),
    el(
      "cac:LegalMonetaryTotal",
      amount("cbc:LineExtensionAmount", doc.total),
      amount("cbc:TaxExclusiveAmount", doc.total),
      amount("cbc:TaxInclusiveAmount", doc.total),
      amount("cbc:PayableAmount", doc.total),
    ),
    ...doc.lines.map((line, index) =>
      el(
        "cac:InvoiceLine",
        leaf("cbc:ID", String(index + 1)),
        // A team whose refunds outweigh its purchases is a negative quantity at a positive price (BR-27: a price
        // is never negative).
        leaf("cbc:InvoicedQuantity", line.amount < 0 ? "-1" : "1", { unitCode: "C62" }),
        amount("cbc:LineExtensionAmount", line.amount),
        el(
          "cac:Item",
          leaf("cbc:Name", line.description.trim() || "Kortavelta"),
          exempt("cac:ClassifiedTaxCategory", false),
        ),
        el("cac:Price", amount("cbc:PriceAmount", Math.abs(line.amount))),
      ),
    ),
  );
  root.attributes = rootNamespaces("Invoice");
  return renderDocument(root);
};

/** A document that broke one of Kort's rule checks: never stored, never sent. */
export class InvoiceRuleError extends Error {
  constructor(readonly failures: readonly RuleFailure[]) {
    super(`The invoice breaks ${failures.map((failure) => failure.id).join(", ")}`);
    this.name = "InvoiceRuleError";
  }
}

/** The XML after the same checks as the PeppolIS export; throws InvoiceRuleError naming the rules it breaks. */
export const checkedInvoiceUbl = (doc: InvoiceDocument): string => {
  const xml = invoiceUblXml(doc);
  const fatal = fatalFailures(xml);
  if (fatal.length > 0) throw new InvoiceRuleError(fatal);
  return xml;
};
