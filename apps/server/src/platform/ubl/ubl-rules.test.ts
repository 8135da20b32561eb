import { describe, expect, it } from "vitest";
import { checkUbl, fatalFailures } from "./ubl-rules.ts";
import {
  PEPPOL_AVAILABLE,
  PEPPOL_DIR_MISSING,
  peppolExample,
  peppolExamples,
  schematronFailures,
} from "./ubl-validation.ts";

/**
 * Kort's checks against Peppol's own example invoices: the examples pass, and copies broken one way each fail with
 * the id of the rule they break, the same id the official schematron gives (cross-checked on a sample, since the
 * schematron takes seconds a document).
 */

const ids = (xml: string) => [...new Set(fatalFailures(xml).map((f) => f.id))].sort();

/** Replaces the first `from` (or every one, with a RegExp /g) and insists it was there. */
const edit = (xml: string, from: string | RegExp, to: string): string => {
  const result = xml.replace(from, to);
  if (result === xml) throw new Error(`Nothing to replace: ${from}`);
  return result;
};

const base = () => peppolExample("base-example.xml");
const icelandicSeller = (xml: string) =>
  edit(
    edit(
      xml,
      "<cbc:IdentificationCode>GB</cbc:IdentificationCode>",
      "<cbc:IdentificationCode>IS</cbc:IdentificationCode>",
    ),
    "<cbc:CompanyID>GB983294</cbc:CompanyID>",
    '<cbc:CompanyID schemeID="0196">4101901259</cbc:CompanyID>',
  );
const withEindagi = (xml: string, date: string) =>
  edit(
    xml,
    "<cac:AccountingSupplierParty>",
    `<cac:AdditionalDocumentReference><cbc:ID>${date}</cbc:ID><cbc:DocumentDescription>EINDAGI</cbc:DocumentDescription></cac:AdditionalDocumentReference>\n<cac:AccountingSupplierParty>`,
  );
const paymentMeans = (xml: string, code: string, account: string) =>
  edit(
    edit(
      xml,
      '<cbc:PaymentMeansCode name="Credit transfer">30</cbc:PaymentMeansCode>',
      `<cbc:PaymentMeansCode>${code}</cbc:PaymentMeansCode>`,
    ),
    "<cbc:ID>IBAN32423940</cbc:ID>",
    `<cbc:ID>${account}</cbc:ID>`,
  );
const icelandicBuyer = (xml: string) =>
  edit(
    xml,
    "<cbc:IdentificationCode>SE</cbc:IdentificationCode>",
    "<cbc:IdentificationCode>IS</cbc:IdentificationCode>",
  );

/** [what is broken, the broken copy, the ids it must fail with]. */
const BROKEN: [string, () => string, string[]][] = [
  [
    "an Icelandic seller without a kennitala",
    () =>
      edit(
        base(),
        "<cbc:IdentificationCode>GB</cbc:IdentificationCode>",
        "<cbc:IdentificationCode>IS</cbc:IdentificationCode>",
      ),
    ["IS-R-002"],
  ],
  [
    "an Icelandic seller without a street",
    () => edit(icelandicSeller(base()), "<cbc:StreetName>Main street 1</cbc:StreetName>", ""),
    ["IS-R-003"],
  ],
  ["an Icelandic buyer without a kennitala", () => icelandicBuyer(icelandicSeller(base())), ["IS-R-004"]],
  [
    "an Icelandic buyer without a street",
    () =>
      edit(
        edit(icelandicBuyer(icelandicSeller(base())), "<cbc:StreetName>Hovedgatan 32</cbc:StreetName>", ""),
        'schemeID="0183">39937423947',
        'schemeID="0196">5204172570',
      ),
    ["IS-R-005"],
  ],
  [
    "payment means 9 without a 12-digit account",
    () => paymentMeans(icelandicSeller(base()), "9", "01012612345"),
    ["IS-R-006"],
  ],
  [
    "payment means 42 without a 12-digit account",
    () => paymentMeans(icelandicSeller(base()), "42", "0101-26-1234567"),
    ["IS-R-007"],
  ],
  ["EINDAGI that is not a date", () => withEindagi(icelandicSeller(base()), "2017-13-01"), ["IS-R-008"]],
  [
    "EINDAGI without a due date",
    () => edit(withEindagi(icelandicSeller(base()), "2017-12-15"), "<cbc:DueDate>2017-12-01</cbc:DueDate>", ""),
    ["IS-R-009", "IS-R-010"],
  ],
  ["EINDAGI before the due date", () => withEindagi(icelandicSeller(base()), "2017-11-30"), ["IS-R-010"]],
  [
    "no buyer reference nor order reference",
    () => edit(base(), "<cbc:BuyerReference>0150abc</cbc:BuyerReference>", ""),
    ["PEPPOL-EN16931-R003"],
  ],
  [
    "two notes",
    () =>
      edit(
        base(),
        "<cbc:DocumentCurrencyCode>",
        "<cbc:Note>a</cbc:Note><cbc:Note>b</cbc:Note><cbc:DocumentCurrencyCode>",
      ),
    ["PEPPOL-EN16931-R002"],
  ],
  [
    "another specification",
    () => edit(base(), "poacc:billing:3.0</cbc:CustomizationID>", "poacc:billing:2.0</cbc:CustomizationID>"),
    ["PEPPOL-EN16931-R004"],
  ],
  ["a malformed business process", () => edit(base(), "billing:01:1.0", "billing:1:1.0"), ["PEPPOL-EN16931-R007"]],
  ["an empty element", () => edit(base(), "4025:123:4343", ""), ["PEPPOL-EN16931-R008"]],
  [
    "no buyer electronic address",
    () => edit(base(), '<cbc:EndpointID schemeID="0002">FR23342</cbc:EndpointID>', ""),
    ["PEPPOL-EN16931-R010"],
  ],
  [
    "no seller electronic address",
    () => edit(base(), '<cbc:EndpointID schemeID="0088">9482348239847239874</cbc:EndpointID>', ""),
    ["PEPPOL-EN16931-R020"],
  ],
  [
    "an amount in another currency",
    () => edit(base(), '<cbc:PayableAmount currencyID="EUR">', '<cbc:PayableAmount currencyID="USD">'),
    ["PEPPOL-EN16931-R051"],
  ],
  [
    "a line whose net is not quantity × price",
    () => edit(base(), '"EUR">2800<', '"EUR">2801<'),
    ["BR-CO-10", "PEPPOL-EN16931-R120"],
  ],
  [
    "a sum of lines that is not the lines' sum",
    () => edit(base(), '"EUR">1300<', '"EUR">1301<'),
    ["BR-CO-10", "BR-CO-13"],
  ],
  [
    "a VAT total that is not its subtotals' sum",
    () => edit(base(), '<cbc:TaxAmount currencyID="EUR">331.25', '<cbc:TaxAmount currencyID="EUR">331.26'),
    ["BR-CO-14", "BR-CO-15"],
  ],
  [
    "an amount due that does not add up",
    () => edit(base(), '"EUR">1656.25</cbc:PayableAmount>', '"EUR">1656.26</cbc:PayableAmount>'),
    ["BR-CO-16"],
  ],
  [
    "VAT that is not taxable × rate",
    () =>
      edit(
        base(),
        /(<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="EUR">1325<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="EUR">)331.25/,
        "$1336.25",
      ),
    ["BR-CO-14", "BR-CO-17", "BR-S-09"],
  ],
  [
    "three decimals in the amount due",
    () => edit(base(), '"EUR">1656.25</cbc:PayableAmount>', '"EUR">1656.250</cbc:PayableAmount>'),
    ["BR-DEC-18"],
  ],
];

describe.skipIf(!PEPPOL_AVAILABLE)(
  PEPPOL_AVAILABLE ? "Kort's UBL checks on Peppol's examples" : PEPPOL_DIR_MISSING,
  () => {
    it.each(peppolExamples())("pass %s", (name) => {
      expect(checkUbl(peppolExample(name))).toEqual([]);
    });

    it("pass an example whose seller is made Icelandic with a kennitala, street and postcode", () => {
      expect(checkUbl(icelandicSeller(base()))).toEqual([]);
    });

    it.each(BROKEN)("fail %s with the rule's id", (_, broken, expected) => {
      expect(ids(broken())).toEqual(expected);
    });

    it("warn (IS-R-001), without stopping, when an Icelandic seller's type is neither 380 nor 381", () => {
      const failures = checkUbl(edit(icelandicSeller(base()), ">380<", ">383<"));
      expect(failures.map((f) => [f.id, f.flag])).toEqual([["IS-R-001", "warning"]]);
    });

    it("say which rule and why, in words a user can act on", () => {
      const [failure] = checkUbl(withEindagi(icelandicSeller(base()), "2017-11-30"));
      expect(failure?.message).toContain("EINDAGI");
      expect(failure?.message).toContain("due 2017-12-01, EINDAGI 2017-11-30");
    });

    it("report a document that is not XML, or not an invoice", () => {
      expect(checkUbl("<Invoice>").map((f) => f.id)).toEqual(["XML"]);
      expect(checkUbl("<Order/>").map((f) => f.id)).toEqual(["UBL"]);
    });

    // The official schematron agrees on a sample: the same ids, so Kort names the rule the access point would.
    it.each(
      BROKEN.filter(([what]) =>
        [
          "an Icelandic seller without a street",
          "EINDAGI before the due date",
          "VAT that is not taxable × rate",
        ].includes(what),
      ),
    )(
      "match the official schematron on %s",
      (_, broken, expected) => {
        const official = schematronFailures(broken())
          .filter((f) => f.flag === "fatal")
          .map((f) => f.id);
        expect([...new Set(official)].sort()).toEqual(expected);
      },
      120_000,
    );
  },
);
