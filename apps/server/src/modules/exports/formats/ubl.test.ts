import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { checkUbl } from "../../../platform/ubl/ubl-rules.ts";
import {
  PEPPOL_AVAILABLE,
  PEPPOL_DIR_MISSING,
  schematronFailures,
  xsdErrors,
} from "../../../platform/ubl/ubl-validation.ts";
import type { ExportLine } from "../export-line.ts";
import { FIXTURE_LINES, streamOf } from "./fixture-lines.ts";
import { expectGolden, memoryStream } from "./golden.ts";
import { exportIssues } from "./journal.ts";
import { checkedUblDocument, type UblBuyer, UblRuleError, ublDocument, writePeppolSet } from "./ubl.ts";
import { minorUnits, ublAmount, ublAmounts, ublPercent } from "./ubl-amounts.ts";
import { UNIMAZE_MANIFEST_FORMAT, type UnimazeManifestEntry, writeUnimazePackage } from "./unimaze.ts";

const buyer: UblBuyer = {
  name: "Kort prófun ehf.",
  kennitala: "5204172570",
  street: "Borgartúni 1",
  city: "Reykjavík",
  postcode: "105",
  vatNumber: "127946",
};
const createdAt = new Date("2026-11-27T08:30:00Z");
const ublLines = FIXTURE_LINES.filter((line) => exportIssues(line, "PeppolIS").length === 0);
const documents = ublLines.map((line) => ublDocument(line, { buyer }));
const line = (voucher: number) => FIXTURE_LINES.find((l) => l.voucher === voucher) as ExportLine;

describe("PeppolIS documents", () => {
  it("are made for the lines that have a tax category and a known seller", () => {
    expect(ublLines.map((l) => l.voucher)).toEqual([1, 2, 3, 4, 5, 7, 8]);
  });

  it("make a purchase an invoice and a refund a credit note, with positive amounts", () => {
    expect(documents.map((d) => d.kind)).toEqual([
      "Invoice",
      "Invoice",
      "CreditNote",
      "Invoice",
      "Invoice",
      "Invoice",
      "Invoice",
    ]);
    const refund = documents[2];
    expect(refund?.xml).toContain("<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>");
    expect(refund?.xml).toContain('<cbc:CreditedQuantity unitCode="C62">1</cbc:CreditedQuantity>');
    expect(refund?.amounts).toMatchObject({ net: 1_000_000, tax: 240_000, prepaid: 1_240_000, payable: 0 });
  });

  it("state tax = taxable × rate and put the rest of the card's whole krónur on the rounding amount", () => {
    // 4.590 kr. at 11%: the receipt's VAT is 455, so the net is 4.135 and 4.135 × 11% = 454,85.
    expect(ublAmounts(line(2))).toEqual({
      net: 413_500,
      tax: 45_485,
      taxInclusive: 458_985,
      prepaid: 459_000,
      rounding: 15,
      payable: 0,
    });
    const xml = documents[1]?.xml ?? "";
    expect(xml).toContain('<cbc:TaxAmount currencyID="ISK">454.85</cbc:TaxAmount>');
    expect(xml).toContain('<cbc:PayableRoundingAmount currencyID="ISK">0.15</cbc:PayableRoundingAmount>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="ISK">0</cbc:PayableAmount>');
    expect(documents[0]?.xml).not.toContain("PayableRoundingAmount");
  });

  it("write amounts, rates and foreign amounts exactly, without floats", () => {
    expect([ublAmount(1_240_000), ublAmount(45_485), ublAmount(-56), ublAmount(5)]).toEqual([
      "12400",
      "454.85",
      "-0.56",
      "0.05",
    ]);
    expect([ublPercent(2400), ublPercent(550), ublPercent(1225), ublPercent(0)]).toEqual(["24", "5.5", "12.25", "0"]);
    expect([minorUnits(4567, 2), minorUnits(-5, 2), minorUnits(1234, 0), minorUnits(1, 3)]).toEqual([
      "45.67",
      "-0.05",
      "1234",
      "0.001",
    ]);
    expect(documents[3]?.xml).toContain("<cbc:Note>45.67 EUR (gengi 149.35)</cbc:Note>");
  });

  it("name the seller by kennitala (0196) and the buyer likewise, and the cardholder as buyer reference", () => {
    const xml = documents[0]?.xml ?? "";
    expect(xml).toContain('<cbc:EndpointID schemeID="0196">4101901259</cbc:EndpointID>');
    expect(xml).toContain('<cbc:CompanyID schemeID="0196">5204172570</cbc:CompanyID>');
    expect(xml).toContain("<cbc:CompanyID>IS123456</cbc:CompanyID>");
    expect(xml).toContain("<cbc:BuyerReference>Þórdís Ævarsdóttir</cbc:BuyerReference>");
    expect(xml).toContain("<cbc:URI>https://kort.example/receipts/1</cbc:URI>");
  });

  it("pass Kort's checks, every one", () => {
    for (const document of documents) expect(checkUbl(document.xml)).toEqual([]);
  });

  it("are refused, with the rule named, when a document would break a rule", () => {
    const seller = { ...(line(1).seller as NonNullable<ExportLine["seller"]>), street: null };
    const broken = { ...line(1), seller };
    expect(exportIssues(broken, "PeppolIS")).toEqual(["MISSING_SELLER"]);
    const error = (() => {
      try {
        checkedUblDocument(broken, { buyer });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(UblRuleError);
    expect((error as UblRuleError).failures.map((f) => f.id)).toEqual(["IS-R-003"]);
  });
});

describe("the PeppolIS set and the Unimaze package", () => {
  it("zip one document per transaction, byte for byte as made", async () => {
    const { out, bytes } = memoryStream();
    expect(await writePeppolSet(streamOf(ublLines), { buyer, createdAt }, out)).toEqual({ documents: 7 });
    const files = unzipSync(bytes());
    expect(Object.keys(files)).toEqual(documents.map((d) => d.fileName));
    expect(Buffer.from(files["000003-creditnote.xml"] ?? []).toString("utf8")).toBe(documents[2]?.xml);
    expectGolden("peppol-is.zip", bytes());
  });

  it("add a manifest that names each document, its endpoints and its hash", async () => {
    const { out, bytes } = memoryStream();
    expect(await writeUnimazePackage(streamOf(ublLines), { buyer, createdAt }, out)).toEqual({ documents: 7 });
    const files = unzipSync(bytes());
    expect(Object.keys(files)).toEqual([...documents.map((d) => d.fileName), "manifest.json"]);
    const manifest = JSON.parse(Buffer.from(files["manifest.json"] ?? []).toString("utf8")) as {
      format: string;
      documents: UnimazeManifestEntry[];
    };
    expect(manifest.format).toBe(UNIMAZE_MANIFEST_FORMAT);
    expect(manifest.documents[3]).toMatchObject({
      file: "000004-invoice.xml",
      documentType: "Invoice",
      sender: "9938:LU26888617",
      receiver: "0196:5204172570",
      taxInclusiveAmount: "6821",
    });
    const { createHash } = await import("node:crypto");
    for (const entry of manifest.documents) {
      expect(
        createHash("sha256")
          .update(files[entry.file] ?? new Uint8Array())
          .digest("hex"),
      ).toBe(entry.sha256);
    }
    expectGolden("unimaze.zip", bytes());
  });
});

describe.skipIf(!PEPPOL_AVAILABLE)(
  PEPPOL_AVAILABLE ? "PeppolIS documents against the official files" : PEPPOL_DIR_MISSING,
  () => {
    it.each(documents.map((d) => [d.fileName, d.xml]))("%s passes the UBL 2.1 XSD", async (_, xml) => {
      expect(await xsdErrors(xml)).toEqual([]);
    });

    it.each(documents.map((d) => [d.fileName, d.xml]))(
      "%s passes the CEN and Peppol schematron, warnings included",
      (_, xml) => {
        expect(schematronFailures(xml)).toEqual([]);
      },
      120_000,
    );
  },
);
