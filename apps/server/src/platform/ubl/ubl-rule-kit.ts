import { type Decimal, decimal } from "./ubl-decimal.ts";
import { select, textAt, type XmlElement } from "./xml-tree.ts";

/** What the rule files of Kort's UBL checks share (ubl-rules.ts runs them): the document as read, and a rule's shape. */

export type RuleFailure = { id: string; flag: "fatal" | "warning"; message: string };

export type Doc = {
  root: XmlElement;
  kind: "Invoice" | "CreditNote";
  lines: XmlElement[];
  supplier: XmlElement | undefined;
  customer: XmlElement | undefined;
  totals: XmlElement | undefined;
};

/** A rule's test: true when it holds, else false or a sentence saying what was found. */
export type Rule = { id: string; flag: "fatal" | "warning"; message: string; test: (doc: Doc) => boolean | string };

export const amountOf = (from: XmlElement | undefined, path: string): Decimal | null => decimal(textAt(from, path));
export const sum = (values: readonly Decimal[]): Decimal => values.reduce((total, v) => total + v, 0n);
export const exists = (from: XmlElement | undefined, path: string) => select(from, path).length > 0;

export const supplierCountry = (doc: Doc) =>
  textAt(doc.supplier, "cac:PostalAddress/cac:Country/cbc:IdentificationCode");
export const customerCountry = (doc: Doc) =>
  textAt(doc.customer, "cac:PostalAddress/cac:Country/cbc:IdentificationCode");
