import { describe, expect, it } from "vitest";
import { DEMO_ISSUER } from "../../platform/config.ts";
import { checkUbl } from "../../platform/ubl/ubl-rules.ts";
import {
  PEPPOL_AVAILABLE,
  PEPPOL_DIR_MISSING,
  schematronFailures,
  xsdErrors,
} from "../../platform/ubl/ubl-validation.ts";
import { checkedInvoiceUbl, InvoiceRuleError, invoiceUblXml } from "./invoice-ubl.ts";
import { sampleInvoice } from "./testing/sample-invoice.ts";

/** The invoice's UBL: Kort's own checks, then the official XSD and schematron from ../shared/peppol. */

describe("the invoice's UBL", () => {
  it("passes Kort's Peppol and Icelandic checks, warnings included", () => {
    expect(checkUbl(invoiceUblXml(sampleInvoice()))).toEqual([]);
  });

  it("carries both kennitölur under 0196, payment means 42 with the account, EINDAGI and exempt category E", () => {
    const xml = invoiceUblXml(sampleInvoice());
    expect(xml).toContain('<cbc:CompanyID schemeID="0196">5003101030</cbc:CompanyID>');
    expect(xml).toContain('<cbc:CompanyID schemeID="0196">4701191010</cbc:CompanyID>');
    expect(xml).toContain("<cbc:PaymentMeansCode>42</cbc:PaymentMeansCode>");
    expect(xml).toContain("<cbc:ID>013326012345</cbc:ID>");
    expect(xml).toMatch(/<cbc:ID>2026-12-07<\/cbc:ID>\s*<cbc:DocumentDescription>EINDAGI<\/cbc:DocumentDescription>/);
    expect(xml).toContain("<cbc:TaxExemptionReason>");
    expect(xml).toContain('<cbc:PayableAmount currencyID="ISK">1233367</cbc:PayableAmount>');
    expect(xml).not.toMatch(/<(\w+:\w+)[^>]*>\s*<\/\1>/);
  });

  it("is refused before it is stored when the totals do not add up", () => {
    expect(() => checkedInvoiceUbl(sampleInvoice({ total: 5 }))).toThrow(InvoiceRuleError);
  });

  it("is refused when the issuer's account is not 12 digits (IS-R-007)", () => {
    try {
      checkedInvoiceUbl(sampleInvoice({ issuer: { ...DEMO_ISSUER, bankAccount: "0133260123" } }));
      expect.unreachable();
    } catch (error) {
      expect((error as InvoiceRuleError).failures.map((failure) => failure.id)).toContain("IS-R-007");
    }
  });

  describe.skipIf(!PEPPOL_AVAILABLE)("against the official files", () => {
    it("passes the UBL 2.1 XSD", async () => {
      expect(await xsdErrors(invoiceUblXml(sampleInvoice()))).toEqual([]);
    });

    it("passes the CEN and Peppol schematron (with the Icelandic rules), warnings included", () => {
      expect(schematronFailures(invoiceUblXml(sampleInvoice()))).toEqual([]);
    }, 60_000);
  });

  it.runIf(!PEPPOL_AVAILABLE)("says why the official checks were skipped", () => {
    console.warn(PEPPOL_DIR_MISSING);
  });
});
