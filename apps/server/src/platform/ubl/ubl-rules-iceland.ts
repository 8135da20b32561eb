import { type Doc, exists, type Rule } from "./ubl-rule-kit.ts";
import { first, normalize, select, textAt } from "./xml-tree.ts";

/** The Icelandic national rules (PEPPOL-EN16931-UBL.sch, "ICELAND"), applied when the seller's country is IS. */

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

export const ICELAND: Rule[] = [
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

export const ICELANDIC_BUYER: Rule[] = [
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
