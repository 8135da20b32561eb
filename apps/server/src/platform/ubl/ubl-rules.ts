import { customerCountry, type Doc, type Rule, type RuleFailure, supplierCountry } from "./ubl-rule-kit.ts";
import { ICELAND, ICELANDIC_BUYER } from "./ubl-rules-iceland.ts";
import { PEPPOL } from "./ubl-rules-peppol.ts";
import { DECIMAL_RULES, SUMS } from "./ubl-rules-sums.ts";
import { first, parseXml, select, UBL_NS, type XmlElement } from "./xml-tree.ts";

/**
 * Kort's own checks of a UBL document, run before a document is stored or sent, so the user sees which official rule
 * failed and why: the Icelandic national rules (IS-R-001 to IS-R-010), the Peppol BIS 3.0 rules a Kort document can
 * break (PEPPOL-EN16931-R…), and the EN 16931 sums and decimals (BR-CO-…, BR-DEC-…). Each check follows the official
 * schematron's test (../shared/peppol/rules); the tests hold the two side by side. It is not the whole rule set:
 * code lists, party identifiers of other countries and allowances/charges are left to the schematron.
 */

export type { RuleFailure } from "./ubl-rule-kit.ts";

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
