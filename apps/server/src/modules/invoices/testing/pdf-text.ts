import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** A PDF's text, page after page, as pdf.js reads it (the same library the web viewer renders with). */
export const pdfText = async (bytes: Uint8Array): Promise<string> => {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await document.destroy();
  return pages.join("\n");
};
