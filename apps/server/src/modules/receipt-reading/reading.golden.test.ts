import { afterAll, describe, expect, it } from "vitest";
import { stopOcr } from "./ocr.ts";
import { readReceiptFields } from "./read-receipt.ts";
import { GOLDEN_RECEIPTS, goldenFile } from "./reading.golden.ts";
import { receiptText } from "./receipt-text-source.ts";

/**
 * Receipt reading on the golden set (issue 18): at least 90% of the fields (total, date, VAT lines, last four) read
 * right, over pictures and PDFs drawn by the test. The network is not used: fetch is replaced by one that fails, and
 * the language data comes from the npm packages.
 */

afterAll(() => stopOcr());

describe("reading the golden receipts", () => {
  it("reads at least 90% of the fields right, and Icelandic letters", { timeout: 240_000 }, async () => {
    const realFetch = globalThis.fetch;
    globalThis.fetch = () => Promise.reject(new Error("The network is off in this test"));
    let right = 0;
    let fields = 0;
    const misses: string[] = [];
    let icelandic = "";
    try {
      for (const [index, receipt] of GOLDEN_RECEIPTS.entries()) {
        const file = await goldenFile(receipt, index + 1);
        if (index === 0) icelandic = (await receiptText(file)).text;
        const read = (await readReceiptFields(file)).fields;
        const checks: [string, boolean][] = [
          ["total", read.total?.value === receipt.expected.total],
          ["date", read.date?.value === receipt.expected.date],
          [
            "vat",
            JSON.stringify(read.vat.map(({ basisPoints, amount }) => ({ basisPoints, amount }))) ===
              JSON.stringify(receipt.expected.vat),
          ],
          ["last four", read.lastFour?.value === receipt.expected.lastFour],
        ];
        for (const [field, ok] of checks) {
          fields += 1;
          if (ok) right += 1;
          else misses.push(`${receipt.name}: ${field}`);
        }
      }
    } finally {
      globalThis.fetch = realFetch;
    }
    const share = right / fields;
    console.log(
      `receipt reading: ${right} of ${fields} fields right (${(share * 100).toFixed(1)}%) over ${GOLDEN_RECEIPTS.length} receipts` +
        (misses.length > 0 ? `; missed: ${misses.join("; ")}` : ""),
    );
    expect(GOLDEN_RECEIPTS.length).toBeGreaterThanOrEqual(20);
    expect(share).toBeGreaterThanOrEqual(0.9);
    for (const word of ["Bónus", "Mjólk", "Þorskflök", "Rúgbrauð"]) expect(icelandic).toContain(word);
  });
});
