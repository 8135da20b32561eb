import { formatDate, formatMoney, MS_PER_DAY } from "@kort/core";
import { eq, sql } from "drizzle-orm";
import { DEMO_PROJECTS } from "../../app/seed/seed-data.ts";
import type { BlobStore } from "../../platform/blobs/blob-store.ts";
import type { Db, Executor } from "../../platform/db/client.ts";
import { projects, receipts } from "../../platform/db/schema/index.ts";
import { type CheckedReceipt, loadSharp } from "./receipt-files.ts";
import { discardReceiptBlobs, insertReceiptRow, type WrittenReceipt, writeReceiptBlobs } from "./receipts.service.ts";

/** At most this many demo receipts: each is drawn at start (about 10 ms), once per data folder. */
const DEMO_RECEIPTS_MAX = 24;

type Purchase = {
  id: string;
  user_id: string;
  merchant_name: string;
  merchant_city: string | null;
  transaction_amount: string;
  transaction_date: Date;
  last_four: string;
};

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

const linesOf = (purchase: Purchase): string[] => {
  const at = new Date(purchase.transaction_date);
  const time = at.toISOString().slice(11, 16);
  return [
    purchase.merchant_name.toUpperCase(),
    purchase.merchant_city ?? "Reykjavík",
    "",
    "Kvittun",
    `${formatDate(at, "is-IS")} ${time}`,
    "",
    `Samtals  ${formatMoney(Number(purchase.transaction_amount), { locale: "is-IS" })}`,
    "",
    `Kort **** ${purchase.last_four}`,
  ];
};

/** A till slip of these lines as a PNG, drawn by sharp from SVG (the first line large, as a shop's name). */
export const tillSlipPng = async (lines: readonly string[]): Promise<Buffer> => {
  const text = lines
    .map(
      (line, i) =>
        `<text x="28" y="${60 + i * 36}" font-family="DejaVu Sans Mono, monospace" font-size="${i === 0 ? 26 : 18}" fill="#222">${escapeXml(line)}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="${Math.max(420, 60 + lines.length * 36)}"><rect width="100%" height="100%" fill="#fbfaf7"/>${text}</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png().toBuffer();
};

/** A PDF of these objects, numbered from 1 (the first the catalog), with its cross-reference table. */
export const pdfDocument = (objects: readonly Buffer[]): Buffer => {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n")];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((object, i) => {
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), object, Buffer.from("\nendobj\n")]);
    offsets.push(length);
    parts.push(part);
    length += part.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`),
    `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
  ].join("");
  return Buffer.concat([...parts, Buffer.from(xref)]);
};

/** Lines of a slip as a one-page PDF with a text layer (Helvetica, WinAnsi: Icelandic letters are Latin-1). */
export const tillSlipPdf = (slip: readonly string[]): Buffer => {
  const lines = slip.map((line) => line.replace(/[()\\]/g, "\\$&"));
  const content = Buffer.from(
    `BT /F1 14 Tf 50 560 Td 18 TL ${lines.map((line) => `(${line}) '`).join(" ")} ET`,
    "latin1",
  );
  const objects = [
    Buffer.from("<< /Type /Catalog /Pages 2 0 R >>"),
    Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
    Buffer.from(
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 600] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    ),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from("\nendstream")]),
    Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"),
  ];
  return pdfDocument(objects);
};

/** The same slip as a one-page PDF. */
const slipPdf = (purchase: Purchase): Buffer => tillSlipPdf(linesOf(purchase));

/**
 * Demo mode: receipts on the booked purchases of Demo ehf. older than a week (two in three, chosen by id, the
 * newest first, at most 24), each a till slip drawn here, most as PNG and every fourth as PDF, added by the
 * cardholder, through the same blob and row steps as an upload. The rest keep the MissingReceipt list busy. Once
 * per database: nothing happens once the company has a receipt.
 */
export const seedDemoReceipts = async (db: Db, options: { now: Date; blobs: BlobStore }): Promise<number> => {
  const demo = DEMO_PROJECTS[0];
  if (!demo) return 0;
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.kennitala, demo.kennitala));
  if (!project || (await hasReceipts(db, project.id))) return 0;
  const weekAgo = new Date(options.now.getTime() - 7 * MS_PER_DAY);
  const result = await db.execute<Purchase>(sql`
    select t.id, t.user_id, t.merchant_name, t.merchant_city, t.transaction_amount, t.transaction_date,
           c.masked_number as last_four
      from transactions t join cards c on c.project_id = t.project_id and c.id = t.card_id
     where t.project_id = ${project.id} and t.closed_at is not null and t.transaction_amount > 0
       and t.category_id is not null and t.transaction_date < ${weekAgo}
       and get_byte(uuid_send(t.id), 14) % 3 <> 0
     order by t.transaction_date desc, t.id
     limit ${DEMO_RECEIPTS_MAX}`);
  // The files first; then every row in one transaction under a lock, so two servers starting at once on one
  // database add them once, and no request sees some of them.
  const written: WrittenReceipt[] = [];
  try {
    for (const [n, purchase] of result.rows.entries()) {
      const date = new Date(purchase.transaction_date).toISOString().slice(0, 10);
      const receipt: CheckedReceipt =
        n % 4 === 3
          ? { type: "application/pdf", fileName: `kvittun-${date}.pdf`, data: slipPdf(purchase) }
          : { type: "image/png", fileName: `kvittun-${date}.png`, data: await tillSlipPng(linesOf(purchase)) };
      written.push(
        await writeReceiptBlobs(options, {
          projectId: project.id,
          transactionId: purchase.id,
          userId: purchase.user_id,
          receipt,
        }),
      );
    }
    const added = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kort:demo-receipts'))`);
      if (await hasReceipts(tx, project.id)) return 0;
      for (const receipt of written) await insertReceiptRow(tx, receipt, options.now);
      return written.length;
    });
    if (added === 0) await Promise.all(written.map((receipt) => discardReceiptBlobs(options, receipt)));
    return added;
  } catch (error) {
    await Promise.all(written.map((receipt) => discardReceiptBlobs(options, receipt)));
    throw error;
  }
};

const hasReceipts = async (db: Executor, projectId: string): Promise<boolean> =>
  (await db.select({ id: receipts.id }).from(receipts).where(eq(receipts.projectId, projectId)).limit(1)).length > 0;
