import { createHash } from "node:crypto";
import type { Writable } from "node:stream";
import type { ExportLine } from "../export-line.ts";
import type { HandedDocument } from "./format-writer.ts";
import { sellerEndpoint } from "./seller.ts";
import { checkedUblDocument, type UblDocument, type UblOptions } from "./ubl.ts";
import { ublAmount } from "./ubl-amounts.ts";
import { ZipStreamWriter } from "./zip.ts";

/**
 * Unimaze: the PeppolIS documents plus `manifest.json`, one zip, and each document handed to the e-invoicing adapter
 * (`send`: Unimaze's API when configured, the outbox in demo mode) once it is in the zip (docs/exports.md, "Unimaze").
 * The manifest says, per document, what the adapter needs to post it without reading the XML (type, sender and
 * receiver endpoints) and a SHA-256 so it can tell a document arrived whole. It is written last, when every document
 * is known; it keeps one short line per document in memory, the XML none.
 */

export const UNIMAZE_MANIFEST_FORMAT = "kort-unimaze-manifest/1";

export type UnimazeManifestEntry = {
  file: string;
  documentType: "Invoice" | "CreditNote";
  id: string;
  transactionId: string;
  issueDate: string;
  /** The seller's Peppol address, scheme:id ("0196:4101901259"). */
  sender: string;
  /** The buyer's (the company's) Peppol address. */
  receiver: string;
  currency: "ISK";
  /** BT-112, as written in the document. */
  taxInclusiveAmount: string;
  sha256: string;
};

const entryOf = (document: UblDocument, line: ExportLine, receiver: string, bytes: Buffer): UnimazeManifestEntry => {
  const endpoint = line.seller === null ? null : sellerEndpoint(line.seller);
  return {
    file: document.fileName,
    documentType: document.kind,
    id: document.id,
    transactionId: document.transactionId,
    issueDate: document.issueDate,
    sender: endpoint === null ? "" : `${endpoint.scheme}:${endpoint.id}`,
    receiver,
    currency: "ISK",
    taxInclusiveAmount: ublAmount(document.amounts.taxInclusive),
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
};

export async function writeUnimazePackage(
  lines: AsyncIterable<ExportLine> | Iterable<ExportLine>,
  options: UblOptions & { createdAt: Date; send?: (document: HandedDocument) => Promise<void> },
  out: Writable,
): Promise<{ documents: number }> {
  const zip = new ZipStreamWriter(out, options.createdAt);
  const receiver = `0196:${options.buyer.kennitala}`;
  const entries: string[] = [];
  for await (const line of lines) {
    const document = checkedUblDocument(line, options);
    const bytes = Buffer.from(document.xml, "utf8");
    await zip.add(document.fileName, bytes);
    const entry = entryOf(document, line, receiver, bytes);
    entries.push(JSON.stringify(entry));
    await options.send?.({ id: document.id, sender: entry.sender, receiver, xml: document.xml });
  }
  const manifest = [
    `{"format":${JSON.stringify(UNIMAZE_MANIFEST_FORMAT)},"createdAt":${JSON.stringify(options.createdAt.toISOString())},`,
    `"buyer":${JSON.stringify({ name: options.buyer.name, kennitala: options.buyer.kennitala })},"documents":[`,
    entries.map((entry) => `\n${entry}`).join(","),
    "\n]}\n",
  ].join("");
  await zip.add("manifest.json", Buffer.from(manifest, "utf8"));
  await zip.end();
  return { documents: entries.length };
}
