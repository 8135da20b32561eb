// The PDF drawing thread (pdf-drawing.ts). Plain JavaScript so that it runs as it is, whatever runs the server.
// Each message is one document: its properties, the font files and the drawing steps; the answer is the PDF's bytes,
// transferred, or an error's message.
import { parentPort } from "node:worker_threads";
import PDFDocument from "pdfkit";

const draw = ({ info, fonts, steps }) =>
  new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: "A4",
      margin: 50,
      info: { Title: info.title, Author: info.author, CreationDate: info.createdAt },
    });
    const chunks = [];
    pdf.on("data", (chunk) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
    for (const [name, file] of Object.entries(fonts)) pdf.registerFont(name, file);
    for (const step of steps) {
      if ("font" in step) {
        pdf.font(step.font);
        if (step.size !== undefined) pdf.fontSize(step.size);
      } else if ("text" in step) {
        pdf.text(step.text, step.x, step.y, { width: step.width, align: step.align ?? "left" });
      } else if ("line" in step) {
        const [x1, y1, x2, y2] = step.line;
        pdf.moveTo(x1, y1).lineTo(x2, y2).stroke();
      } else if ("newPage" in step) {
        pdf.addPage();
      }
    }
    pdf.end();
  });

parentPort.on("message", async ({ id, ...job }) => {
  try {
    const bytes = await draw(job);
    const pdf = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    parentPort.postMessage({ id, pdf }, [pdf]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
