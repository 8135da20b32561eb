import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { tillSlipPdf } from "../receipts/demo-receipts.ts";
import { pdfPages, stopPdfReader } from "./pdf-pages.ts";
import { GOLDEN_RECEIPTS, goldenFile } from "./reading.golden.ts";

/**
 * PDF receipts are read by pdf.js in a thread of its own. pdf.js's legacy build replaces JSON.stringify and
 * JSON.parse with slower JavaScript in the realm that loads it: loaded on the server's thread, it made every JSON
 * answer many times slower (a ledger page of 100 rows took 4 ms to stringify instead of 0.2 ms) from the first PDF
 * receipt on. These tests read PDFs and check that the server's built-ins are the ones it started with.
 */

afterAll(() => stopPdfReader());

const OPTIONS = { maxPages: 3, scannedPageCharacters: 20, scale: 3 };

/** Every own property of the built-ins that the legacy build's polyfills replace, as they are now. */
const builtIns = () => {
  const holders = {
    JSON,
    Object,
    Promise,
    Math,
    "Array.prototype": Array.prototype,
    "Set.prototype": Set.prototype,
    "Map.prototype": Map.prototype,
    "WeakMap.prototype": WeakMap.prototype,
    "Uint8Array.prototype": Uint8Array.prototype,
    "Object.getPrototypeOf(Uint8Array.prototype)": Object.getPrototypeOf(Uint8Array.prototype),
    "ArrayBuffer.prototype": ArrayBuffer.prototype,
    Uint8Array,
    globalThis,
  };
  const seen = new Map<string, unknown>();
  for (const [name, holder] of Object.entries(holders)) {
    for (const key of Reflect.ownKeys(holder)) {
      const descriptor = Object.getOwnPropertyDescriptor(holder, key);
      seen.set(`${name}.${String(key)}`, descriptor?.value ?? descriptor?.get);
    }
  }
  return seen;
};

describe("PDF receipts read in their own thread", () => {
  it("reads a PDF's text layer and leaves the server's JSON, arrays, sets and promises as they were", async () => {
    const before = builtIns();
    const pages = await pdfPages(tillSlipPdf(["KRÓNAN EHF.", "Samtals 4.590 kr.", "VSK 11% 455"]), OPTIONS);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ text: expect.stringContaining("Samtals 4.590 kr.") });
    const after = builtIns();
    const changed = [...after].filter(([key, value]) => !Object.is(before.get(key), value)).map(([key]) => key);
    expect(changed).toEqual([]);
    expect(JSON.stringify).toBe(before.get("JSON.stringify"));
  });

  it("gives a scanned page as a PNG of the page at the asked scale", async () => {
    const scan = GOLDEN_RECEIPTS.find((receipt) => receipt.format === "pdf_scan");
    if (!scan) throw new Error("The golden set has no scanned PDF");
    const file = await goldenFile(scan, 1);
    const pages = await pdfPages(file.data, OPTIONS);
    expect(pages).toHaveLength(1);
    const picture = pages[0] && "picture" in pages[0] ? pages[0].picture : Buffer.alloc(0);
    const meta = await sharp(picture).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBeGreaterThan(1000);
  });

  it("throws for a broken PDF and for one over its time; the next PDF is read", async () => {
    await expect(pdfPages(Buffer.from("%PDF-1.4\nnothing here\n"), OPTIONS)).rejects.toThrow(/cannot be read/);
    const slip = tillSlipPdf(["BÓNUS", "Samtals 1.000 kr."]);
    // A fresh thread loads pdf.js first, which takes far longer than a millisecond.
    stopPdfReader();
    await expect(pdfPages(slip, { ...OPTIONS, timeoutMs: 1 })).rejects.toThrow(/cannot be read/);
    expect(await pdfPages(slip, OPTIONS)).toMatchObject([{ text: expect.stringContaining("BÓNUS") }]);
  });
});
