// The PDF reader's thread (pdf-pages.ts). Plain JavaScript so that it runs as it is, whatever runs the server.
// pdf.js's legacy build (the one that runs on Node 20) brings core-js, which replaces built-ins of the realm that
// loads it, JSON.stringify and JSON.parse among them, with slower JavaScript: loaded here, it changes this thread's
// built-ins only. Each message is one PDF; the answer carries each page read (at most maxPages) as its text layer,
// or, for a page with almost no text (a scan), as a PNG of the page for OCR.
import { parentPort } from "node:worker_threads";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const pageOf = async (document, page, scannedPageCharacters, scale) => {
  const content = await page.getTextContent();
  let text = "";
  for (const item of content.items) {
    if ("str" in item) text += item.str + (item.hasEOL ? "\n" : " ");
  }
  if (text.replace(/\s/g, "").length >= scannedPageCharacters) return { text };
  const viewport = page.getViewport({ scale });
  const { canvas, context } = document.canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({ canvasContext: context, viewport, canvas }).promise;
  const png = canvas.toBuffer("image/png");
  return { picture: png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) };
};

parentPort.on("message", async ({ id, data, maxPages, scannedPageCharacters, scale }) => {
  let document;
  try {
    document = await getDocument({
      data: new Uint8Array(data),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
    }).promise;
    const pages = [];
    for (let number = 1; number <= Math.min(document.numPages, maxPages); number++) {
      pages.push(await pageOf(document, await document.getPage(number), scannedPageCharacters, scale));
    }
    const pictures = pages.flatMap((page) => (page.picture ? [page.picture] : []));
    parentPort.postMessage({ id, pages }, pictures);
  } catch {
    parentPort.postMessage({ id, error: "unreadable" });
  } finally {
    // The answer is sent: a failure to let go of the document must not end the thread with an unhandled rejection.
    await document?.destroy().catch(() => undefined);
  }
});
