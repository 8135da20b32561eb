import { createRequire } from "node:module";
import path from "node:path";
import { serialThread } from "../runtime/serial-thread.ts";

/**
 * PDFs drawn by pdfkit in a thread of its own (pdf-drawing.worker.mjs). Laying out the text and embedding the fonts
 * holds a core for 60 to 130 ms an invoice on this machine, and 400 ms for the first one after a start; on the
 * server's thread that was a pause in every request, card decisions among them, once for each company at the end of
 * each period. So a module describes its document as drawing steps, with its texts already written in the reader's
 * language and positioned on the page, and the thread only draws them. One PDF at a time per process.
 *
 * Every Kort PDF is A4 with 50 pt margins, in DejaVu Sans from the dejavu-fonts-ttf package, embedded (subset):
 * pdfkit's built-in Helvetica has no þ or ð.
 */

export type PdfFont = "regular" | "bold";

/** One drawing step, in pdfkit's points from the top left corner of the page. */
export type PdfStep =
  /** The font (and size, when given) of the text steps after it. */
  | { font: PdfFont; size?: number }
  /** Text at (x, y), wrapped at `width` (the page's right margin when absent). */
  | { text: string; x: number; y: number; width?: number; align?: "left" | "right" }
  /** A thin line from (x1, y1) to (x2, y2). */
  | { line: readonly [x1: number, y1: number, x2: number, y2: number] }
  /** A new page; the steps after it draw there. */
  | { newPage: true };

export type PdfDrawing = {
  /** The document's properties: `createdAt` is written as its creation date, so the same steps make the same file. */
  info: { title: string; author: string; createdAt: Date };
  steps: readonly PdfStep[];
};

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
const FONTS: Record<PdfFont, string> = {
  regular: path.join(fontDir, "DejaVuSans.ttf"),
  bold: path.join(fontDir, "DejaVuSans-Bold.ttf"),
};

/** A drawing that takes longer is given up and its thread ended: a PDF never hangs the task that makes it. */
const DRAW_TIMEOUT_MS = 30_000;
/** An idle thread ends after this long: pdfkit and the parsed fonts keep their memory. */
const IDLE_MS = 30_000;

type Job = PdfDrawing & { fonts: Record<PdfFont, string> };
type Answer = { pdf?: ArrayBuffer; error?: string };

const thread = serialThread<Job, Answer>(new URL("./pdf-drawing.worker.mjs", import.meta.url), { idleMs: IDLE_MS });

/** The PDF's bytes. Throws when the thread fails or takes longer than the timeout (the caller's task is retried). */
export const drawPdf = async (drawing: PdfDrawing, options: { timeoutMs?: number } = {}): Promise<Buffer> => {
  const answer = await thread.run({ ...drawing, fonts: FONTS }, { timeoutMs: options.timeoutMs ?? DRAW_TIMEOUT_MS });
  if (!answer?.pdf) throw new Error(`The PDF could not be drawn${answer?.error ? `: ${answer.error}` : ""}`);
  return Buffer.from(answer.pdf);
};

/** Ends the drawing thread now (tests, and a server that stops); the next drawing starts another. */
export const stopPdfDrawing = (): void => thread.stop();
