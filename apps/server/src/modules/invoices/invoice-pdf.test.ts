import { describe, expect, it } from "vitest";
import { invoicePdf } from "./invoice-pdf.ts";
import { pdfText } from "./testing/pdf-text.ts";
import { sampleInvoice } from "./testing/sample-invoice.ts";

/** The PDF read back with pdf.js: what a person and a bookkeeper look for is there, Icelandic letters intact. */

describe("the invoice's PDF", () => {
  it("holds the number, both kennitölur, the total, EINDAGI and the Icelandic letters", async () => {
    const text = await pdfText(await invoicePdf(sampleInvoice(), "is-IS", new Date("2026-11-27T00:05:00Z")));
    expect(text).toContain("Reikningur");
    expect(text).toContain("2026-000042");
    expect(text).toContain("500310-1030");
    expect(text).toContain("470119-1010");
    expect(text).toContain("1.233.367 kr.");
    expect(text).toContain("EINDAGI");
    expect(text).toContain("0133-26-012345");
    expect(text).toContain("07.12.2026");
    expect(text).toContain("nóvember 2026");
    expect(text).toContain("Æðarvörp Þórðar ehf.");
    expect(text).toContain("Þróun");
    for (const letter of ["þ", "ð", "æ", "ö", "Þ", "Ð"]) expect(text).toContain(letter);
  });

  it("is in English when asked", async () => {
    const text = await pdfText(await invoicePdf(sampleInvoice(), "en-US", new Date("2026-11-27T00:05:00Z")));
    expect(text).toContain("Invoice");
    expect(text).toContain("November 2026");
    expect(text).toContain("Total payable");
    expect(text).toContain("1.233.367 kr.");
  });
});
