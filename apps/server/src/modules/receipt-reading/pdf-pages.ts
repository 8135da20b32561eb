import { serialThread } from "../../platform/runtime/serial-thread.ts";

/**
 * A PDF receipt's pages, read by pdf.js in a thread of its own (pdf-pages.worker.mjs): pdf.js's legacy build
 * replaces built-ins (JSON.stringify, JSON.parse) of the realm that loads it with slower JavaScript, so it is never
 * loaded on the server's thread, where every JSON answer would pay for it; and parsing and rendering a PDF holds a
 * core that the server's requests need. One PDF at a time per process.
 */

/** A page's text layer, or a PNG of a page with almost no text (a scan) for OCR. */
export type PdfPage = { text: string } | { picture: Buffer };

/** A PDF that takes longer is given up and its thread ended: a PDF never hangs the reading of a receipt. */
const READ_TIMEOUT_MS = 30_000;
/** An idle thread ends after this long: pdf.js and a rendered page keep their memory. */
const IDLE_MS = 30_000;

type Job = { data: Buffer; maxPages: number; scannedPageCharacters: number; scale: number };
type Answer = { error?: string; pages?: ({ text: string } | { picture: ArrayBuffer })[] };

const thread = serialThread<Job, Answer>(new URL("./pdf-pages.worker.mjs", import.meta.url), { idleMs: IDLE_MS });

/**
 * The first `maxPages` pages of a PDF: a page with fewer than `scannedPageCharacters` characters of text is
 * rendered at `scale` instead. Throws when the PDF cannot be read (broken, or slower than the timeout): the receipt
 * then stays unread, as any unreadable file.
 */
export const pdfPages = async (
  data: Buffer,
  options: { maxPages: number; scannedPageCharacters: number; scale: number; timeoutMs?: number },
): Promise<PdfPage[]> => {
  const { timeoutMs = READ_TIMEOUT_MS, ...job } = options;
  const answer = await thread.run({ data, ...job }, { timeoutMs });
  if (!answer?.pages) throw new Error("This PDF cannot be read");
  return answer.pages.map((page) => ("picture" in page ? { picture: Buffer.from(page.picture) } : page));
};

/** Ends the reading thread now (tests, and a server that stops). */
export const stopPdfReader = (): void => thread.stop();
