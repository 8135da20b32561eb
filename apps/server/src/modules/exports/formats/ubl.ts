import type { Writable } from "node:stream";
import { CUSTOMIZATION_ID, PROFILE_ID, rootNamespaces } from "../../../platform/ubl/peppol.ts";
import { checkUbl, type RuleFailure } from "../../../platform/ubl/ubl-rules.ts";
import { el, leaf, renderDocument, type XmlChild, type XmlNode } from "../../../platform/ubl/xml.ts";
import type { ExportLine, ExportSeller } from "../export-line.ts";
import { entryText } from "./journal.ts";
import { KENNITALA_SCHEME, sellerEndpoint } from "./seller.ts";
import { minorUnits, type UblAmounts, ublAmount, ublAmounts, ublPercent } from "./ubl-amounts.ts";
import { ZipStreamWriter } from "./zip.ts";

/**
 * PeppolIS: one Peppol BIS Billing 3.0 document per card transaction (docs/exports.md, "PeppolIS"). The merchant is the
 * seller and the company the buyer, as on the receipt: the VAT is the merchant's, so only a document in the merchant's
 * name can carry it truthfully. A purchase is an Invoice (380), a refund a CreditNote (381). The card paid at the
 * till, so the whole amount is prepaid and nothing is payable: the receiving system books an expense against the
 * card, never a debt to the merchant. Each document passes Kort's checks (ubl-rules.ts) before it is written.
 */

export { CUSTOMIZATION_ID, PROFILE_ID } from "../../../platform/ubl/peppol.ts";

/** The company the export is for: the buyer of every document. */
export type UblBuyer = {
  name: string;
  /** 10 digits. */
  kennitala: string;
  street: string;
  city: string;
  postcode: string;
  /** VSK-númer without prefix, or null when the company is not VAT registered. */
  vatNumber: string | null;
};

export type UblOptions = { buyer: UblBuyer };

export type UblDocument = {
  kind: "Invoice" | "CreditNote";
  /** The document's ID (BT-1): Kort's transaction id, the one number both sides can find it by. */
  id: string;
  transactionId: string;
  voucher: number;
  fileName: string;
  issueDate: string;
  amounts: UblAmounts;
  xml: string;
};

/** Why an exempt purchase is exempt (BR-E-10); Kort's tax categories carry no reason text of their own. */
const EXEMPTION_REASON = "Undanþegið virðisaukaskatti (3. mgr. 2. gr. laga nr. 50/1988)";

const amount = (name: string, hundredths: number) => leaf(name, ublAmount(hundredths), { currencyID: "ISK" });

/** The VAT number as Peppol's VAT identifier wants it, with its country prefix (BR-CO-09): 123456 → IS123456. */
const vatIdentifier = (country: string, vatNumber: string): string =>
  /^[A-Z]{2}/.test(vatNumber) ? vatNumber : `${country}${vatNumber}`;

const vatScheme = (country: string, vatNumber: string | null): XmlChild =>
  vatNumber !== null &&
  el(
    "cac:PartyTaxScheme",
    leaf("cbc:CompanyID", vatIdentifier(country, vatNumber)),
    el("cac:TaxScheme", leaf("cbc:ID", "VAT")),
  );

const address = (street: string | null, city: string | null, postcode: string | null, country: string): XmlNode =>
  el(
    "cac:PostalAddress",
    leaf("cbc:StreetName", street),
    leaf("cbc:CityName", city),
    leaf("cbc:PostalZone", postcode),
    el("cac:Country", leaf("cbc:IdentificationCode", country)),
  );

const sellerParty = (seller: ExportSeller): XmlNode => {
  const endpoint = sellerEndpoint(seller);
  if (endpoint === null) throw new Error(`Seller ${seller.name} has no electronic address (see exportIssues)`);
  // A kennitala names its scheme (IS-R-002); another country's registration id goes without one.
  const legalIdScheme: Record<string, string> = seller.country === "IS" ? { schemeID: KENNITALA_SCHEME } : {};
  return el(
    "cac:AccountingSupplierParty",
    el(
      "cac:Party",
      leaf("cbc:EndpointID", endpoint.id, { schemeID: endpoint.scheme }),
      el("cac:PartyName", leaf("cbc:Name", seller.name)),
      address(seller.street, seller.city, seller.postcode, seller.country),
      vatScheme(seller.country, seller.vatNumber),
      el(
        "cac:PartyLegalEntity",
        leaf("cbc:RegistrationName", seller.name),
        leaf("cbc:CompanyID", seller.legalId, legalIdScheme),
      ),
    ),
  );
};

const buyerParty = (buyer: UblBuyer): XmlNode =>
  el(
    "cac:AccountingCustomerParty",
    el(
      "cac:Party",
      leaf("cbc:EndpointID", buyer.kennitala, { schemeID: KENNITALA_SCHEME }),
      el("cac:PartyName", leaf("cbc:Name", buyer.name)),
      address(buyer.street, buyer.city, buyer.postcode, "IS"),
      vatScheme("IS", buyer.vatNumber),
      el(
        "cac:PartyLegalEntity",
        leaf("cbc:RegistrationName", buyer.name),
        leaf("cbc:CompanyID", buyer.kennitala, { schemeID: KENNITALA_SCHEME }),
      ),
    ),
  );

const taxCategory = (name: string, line: ExportLine, withReason: boolean): XmlNode => {
  const vat = line.vat;
  if (vat === null) throw new Error(`Transaction ${line.transactionId} has no tax category (see exportIssues)`);
  return el(
    name,
    leaf("cbc:ID", vat.peppolCode),
    leaf("cbc:Percent", ublPercent(vat.basisPoints)),
    withReason && vat.peppolCode === "E" && leaf("cbc:TaxExemptionReason", EXEMPTION_REASON),
    el("cac:TaxScheme", leaf("cbc:ID", "VAT")),
  );
};

/** One note (Peppol allows one, PEPPOL-EN16931-R002): the comment, and the foreign amount and rate when there is one. */
const note = (line: ExportLine): string | null => {
  const parts = [line.comment?.trim() ?? ""];
  if (line.originalCurrency !== "ISK") {
    const original = minorUnits(line.originalAmount, line.originalExponent);
    parts.push(`${original} ${line.originalCurrency}${line.fxRate === null ? "" : ` (gengi ${line.fxRate})`}`);
  }
  const text = parts.filter((part) => part !== "").join(" | ");
  return text === "" ? null : text;
};

export const ublDocument = (line: ExportLine, options: UblOptions): UblDocument => {
  if (line.seller === null) throw new Error(`Transaction ${line.transactionId} has no seller (see exportIssues)`);
  const kind = line.amountIsk < 0 ? "CreditNote" : "Invoice";
  const amounts = ublAmounts(line);
  const lineName = kind === "Invoice" ? "cac:InvoiceLine" : "cac:CreditNoteLine";
  const root = el(
    kind,
    leaf("cbc:CustomizationID", CUSTOMIZATION_ID),
    leaf("cbc:ProfileID", PROFILE_ID),
    leaf("cbc:ID", line.transactionId),
    leaf("cbc:IssueDate", line.date),
    leaf(kind === "Invoice" ? "cbc:InvoiceTypeCode" : "cbc:CreditNoteTypeCode", kind === "Invoice" ? "380" : "381"),
    leaf("cbc:Note", note(line)),
    leaf("cbc:DocumentCurrencyCode", "ISK"),
    leaf("cbc:AccountingCost", line.account),
    // The cardholder: who in the company made the purchase, for routing and approval in the receiving system.
    leaf("cbc:BuyerReference", line.cardholderName.trim() || line.transactionId),
    line.receiptUrl !== null &&
      el(
        "cac:AdditionalDocumentReference",
        leaf("cbc:ID", "receipt"),
        leaf("cbc:DocumentDescription", "Kvittun"),
        el("cac:Attachment", el("cac:ExternalReference", leaf("cbc:URI", line.receiptUrl))),
      ),
    sellerParty(line.seller),
    buyerParty(options.buyer),
    el(
      "cac:TaxTotal",
      amount("cbc:TaxAmount", amounts.tax),
      el(
        "cac:TaxSubtotal",
        amount("cbc:TaxableAmount", amounts.net),
        amount("cbc:TaxAmount", amounts.tax),
        taxCategory("cac:TaxCategory", line, true),
      ),
    ),
    el(
      "cac:LegalMonetaryTotal",
      amount("cbc:LineExtensionAmount", amounts.net),
      amount("cbc:TaxExclusiveAmount", amounts.net),
      amount("cbc:TaxInclusiveAmount", amounts.taxInclusive),
      amount("cbc:PrepaidAmount", amounts.prepaid),
      amounts.rounding !== 0 && amount("cbc:PayableRoundingAmount", amounts.rounding),
      amount("cbc:PayableAmount", amounts.payable),
    ),
    el(
      lineName,
      leaf("cbc:ID", "1"),
      leaf(kind === "Invoice" ? "cbc:InvoicedQuantity" : "cbc:CreditedQuantity", "1", { unitCode: "C62" }),
      amount("cbc:LineExtensionAmount", amounts.net),
      leaf("cbc:AccountingCost", line.department),
      // An item must have a name (BR-25), even when the network gave the merchant none.
      el(
        "cac:Item",
        leaf("cbc:Name", entryText(line).trim() || "Kortafærsla"),
        taxCategory("cac:ClassifiedTaxCategory", line, false),
      ),
      el("cac:Price", amount("cbc:PriceAmount", amounts.net)),
    ),
  );
  root.attributes = rootNamespaces(kind);
  return {
    kind,
    id: line.transactionId,
    transactionId: line.transactionId,
    voucher: line.voucher,
    fileName: `${String(line.voucher).padStart(6, "0")}-${kind === "Invoice" ? "invoice" : "creditnote"}.xml`,
    issueDate: line.date,
    amounts,
    xml: renderDocument(root),
  };
};

/** A document that broke a rule: the export stops and says which document and which rules (ids and reasons). */
export class UblRuleError extends Error {
  constructor(
    readonly transactionId: string,
    readonly failures: readonly RuleFailure[],
  ) {
    super(`Transaction ${transactionId} breaks ${failures.map((f) => f.id).join(", ")}`);
    this.name = "UblRuleError";
  }
}

/** A line's document after Kort's checks; throws UblRuleError, naming the rules, when one fails. */
export const checkedUblDocument = (line: ExportLine, options: UblOptions): UblDocument => {
  const document = ublDocument(line, options);
  const fatal = checkUbl(document.xml).filter((failure) => failure.flag === "fatal");
  if (fatal.length > 0) throw new UblRuleError(line.transactionId, fatal);
  return document;
};

/**
 * The PeppolIS export: a zip of one XML document per transaction, written as they come. `createdAt` stamps the zip
 * entries (reproducible bytes).
 */
export async function writePeppolSet(
  lines: AsyncIterable<ExportLine> | Iterable<ExportLine>,
  options: UblOptions & { createdAt: Date },
  out: Writable,
): Promise<{ documents: number }> {
  const zip = new ZipStreamWriter(out, options.createdAt);
  let documents = 0;
  for await (const line of lines) {
    const document = checkedUblDocument(line, options);
    await zip.add(document.fileName, Buffer.from(document.xml, "utf8"));
    documents += 1;
  }
  await zip.end();
  return { documents };
}
