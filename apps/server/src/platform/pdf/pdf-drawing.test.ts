import { afterAll, describe, expect, it } from "vitest";
import { drawPdf, type PdfDrawing, type PdfStep, stopPdfDrawing } from "./pdf-drawing.ts";

afterAll(() => stopPdfDrawing());

const createdAt = new Date("2026-11-27T00:05:00Z");

/** `pages` pages of 40 right-aligned rows each: a long document, many times an invoice's work. */
const longDrawing = (pages: number): PdfDrawing => {
  const steps: PdfStep[] = [{ font: "regular", size: 10 }];
  for (let page = 0; page < pages; page++) {
    if (page > 0) steps.push({ newPage: true });
    for (let row = 0; row < 40; row++) {
      const y = 50 + row * 16;
      steps.push({ text: `Þróunarteymi ${page}.${row}: ferðir og æfingar`, x: 50, y, width: 280 });
      steps.push({ text: `${(page * 40 + row) * 1_234}.000 kr.`, x: 415, y, width: 130, align: "right" });
    }
    steps.push({ line: [50, 700, 545, 700] });
  }
  return { info: { title: "Langt skjal", author: "Kort", createdAt }, steps };
};

/** How many pages the PDF's page tree holds (pdfkit writes the dictionaries uncompressed). */
const pageCount = (pdf: Buffer): number => pdf.toString("latin1").match(/\/Type \/Page\n/g)?.length ?? 0;

describe("PDFs drawn in their own thread", () => {
  it("draws every step into a PDF, one page per new page", async () => {
    const pdf = await drawPdf(longDrawing(3));
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pageCount(pdf)).toBe(3);
    // The creation date is the one given, so the same drawing makes the same file.
    expect(pdf.equals(await drawPdf(longDrawing(3)))).toBe(true);
  });

  it("leaves the server's thread free while it draws", async () => {
    // A timer every 5 ms on this thread: its longest gap is how long this thread was held while the PDF was drawn.
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    try {
      await drawPdf(longDrawing(60));
    } finally {
      clearInterval(ticker);
    }
    const ended = performance.now();
    const drawing = ended - started;
    // Up to the end: a thread held throughout would have run no tick at all.
    longestGap = Math.max(longestGap, ended - last);
    // Drawn on this thread, the gap would be about the whole drawing: pdfkit lays out the text without yielding.
    // Half of it leaves room for a busy machine scheduling this thread late.
    expect(drawing).toBeGreaterThan(100);
    expect(longestGap).toBeLessThan(drawing / 2);
  });

  it("fails with the drawing's error, and draws the next one", async () => {
    await expect(
      drawPdf({ info: { title: "x", author: "x", createdAt }, steps: [{ font: "missing" as "bold" }] }),
    ).rejects.toThrow(/could not be drawn/);
    expect(pageCount(await drawPdf(longDrawing(1)))).toBe(1);
  });

  it("gives up a drawing past its timeout, and draws the next one in a fresh thread", async () => {
    await expect(drawPdf(longDrawing(200), { timeoutMs: 1 })).rejects.toThrow(/could not be drawn/);
    expect(pageCount(await drawPdf(longDrawing(1)))).toBe(1);
  });
});
