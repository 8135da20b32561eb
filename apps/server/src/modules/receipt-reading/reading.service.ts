import { isUuid, MS_PER_DAY, type ReceiptFileType } from "@kort/core";
import type { JobContext, TaskDeps } from "../../platform/jobs/jobs.ts";
import { matchReadReceipt } from "../receipt-inbox/inbox.service.ts";
import { RECEIPT_READ_QUEUE } from "../receipts/receipts.service.ts";
import { readReceiptFields } from "./read-receipt.ts";
import {
  type ReadingWithTransaction,
  readingsOf,
  receiptsWithoutReading,
  receiptToRead,
  saveReading,
  taxCategoryAtRate,
} from "./reading.repo.ts";
import type { ReceiptFields } from "./receipt-parser.ts";

/**
 * Reading receipts (issue 18): a task per stored receipt reads its file on this server, stores the fields with their
 * confidence, matches a waiting receipt again with them, and proposes the tax category of the VSK rate read when the
 * purchase has none. A file that cannot be read is marked unread; nothing else changes.
 */

const readFile = async (deps: TaskDeps, key: string): Promise<Buffer | null> => {
  const blob = await deps.blobs.get(key);
  if (!blob) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const fieldsOf = async (deps: TaskDeps, type: ReceiptFileType, data: Buffer) => {
  try {
    return await readReceiptFields({ type, data });
  } catch (error) {
    // A blank photo, a HEIC this build cannot decode, a broken PDF, a timeout: unread, not an error of the upload.
    deps.logger.warn({ err: error }, "receipt not readable");
    return null;
  }
};

/** Something was read only when a field a person checks came out: a total or a date. */
const readSomething = (fields: ReceiptFields): boolean => fields.total !== null || fields.date !== null;

export const readReceipt = async (deps: TaskDeps, data: Record<string, unknown>): Promise<void> => {
  const projectId = typeof data.project_id === "string" && isUuid(data.project_id) ? data.project_id : null;
  const receiptId = typeof data.receipt_id === "string" && isUuid(data.receipt_id) ? data.receipt_id : null;
  if (!projectId || !receiptId) return;
  const receipt = await receiptToRead(deps.db, projectId, receiptId);
  if (!receipt) return;
  const file = await readFile(deps, receipt.blobKey);
  const read = file ? await fieldsOf(deps, receipt.fileType as ReceiptFileType, file) : null;
  const now = deps.now();
  if (!read || !readSomething(read.fields)) {
    await saveReading(deps.db, {
      projectId,
      receiptId,
      status: "unread",
      source: read?.source ?? null,
      totalAmount: null,
      purchaseDate: null,
      kennitala: null,
      lastFour: null,
      merchant: null,
      seller: { vatNumber: null, street: null, postcode: null, city: null },
      vat: [],
      confidence: {},
      proposedTaxCategoryId: null,
      readAt: now,
    });
    return;
  }
  const { fields } = read;
  // One VSK rate read, and a purchase without a tax category: the company's category at that rate is proposed.
  const [onlyRate] = fields.vat;
  const proposed =
    onlyRate && fields.vat.length === 1 && !receipt.transactionTaxCategoryId
      ? await taxCategoryAtRate(deps.db, projectId, onlyRate.basisPoints)
      : null;
  await saveReading(deps.db, {
    projectId,
    receiptId,
    status: "read",
    source: read.source,
    totalAmount: fields.total?.value ?? null,
    purchaseDate: fields.date?.value ?? null,
    kennitala: fields.kennitala?.value ?? null,
    lastFour: fields.lastFour?.value ?? null,
    merchant: fields.merchant?.value ?? null,
    seller: {
      vatNumber: fields.vatNumber?.value ?? null,
      street: fields.address?.value.street ?? null,
      postcode: fields.address?.value.postcode ?? null,
      city: fields.address?.value.city ?? null,
    },
    vat: fields.vat.map((vat) => ({ basis_points: vat.basisPoints, amount: vat.amount, confidence: vat.confidence })),
    confidence: {
      ...(fields.total ? { total: fields.total.confidence } : {}),
      ...(fields.date ? { date: fields.date.confidence } : {}),
      ...(fields.kennitala ? { kennitala: fields.kennitala.confidence } : {}),
      ...(fields.lastFour ? { last_four: fields.lastFour.confidence } : {}),
      ...(fields.merchant ? { merchant: fields.merchant.confidence } : {}),
      ...(fields.vatNumber ? { vat_number: fields.vatNumber.confidence } : {}),
      ...(fields.address ? { address: fields.address.confidence } : {}),
    },
    proposedTaxCategoryId: proposed,
    readAt: now,
  });
  if (!receipt.transactionId) {
    await matchReadReceipt(deps, receipt, {
      amounts: fields.total ? [{ amount: fields.total.value, currency: "ISK" }] : [],
      dates: fields.date ? [new Date(`${fields.date.value}T00:00:00Z`)] : [],
      lastFour: fields.lastFour?.value ?? null,
      merchant: fields.merchant?.value ?? null,
    });
  }
};

/** Receipts this long unread after they were stored are sent again (a task lost, a worker gone). */
const SWEEP_AFTER_MS = 60_000;

/**
 * The sweep (every minute, and at start): the last day's receipts that have no reading are sent to be read, at the
 * default priority, behind every receipt stored since (requestReading), so a backlog never holds up the one a person
 * has just uploaded.
 */
export const sweepUnreadReceipts = async (ctx: JobContext): Promise<void> => {
  const now = ctx.now.getTime();
  const waiting = await receiptsWithoutReading(ctx.db, new Date(now - MS_PER_DAY), new Date(now - SWEEP_AFTER_MS));
  for (const receipt of waiting) {
    // Keyed by the receipt: one still waiting in the queue (a backlog) is not sent twice.
    await ctx.tasks.send(
      RECEIPT_READ_QUEUE,
      { project_id: receipt.projectId, receipt_id: receipt.id },
      { key: receipt.id },
    );
  }
};

export type ReadingDisagreement = "TOTAL" | "DATE";

/** How far the receipt's date may be from the purchase's before it is flagged (a late night, a slow terminal). */
const DATE_TOLERANCE_DAYS = 1;

/**
 * Where the receipt and its purchase disagree: a total that is neither the ISK amount nor the amount in the
 * currency charged (ISK receipts only: a foreign receipt's total is in its own currency), a date more than a day off.
 */
export const disagreementsOf = (reading: ReadingWithTransaction): ReadingDisagreement[] => {
  const found: ReadingDisagreement[] = [];
  if (reading.status !== "read" || reading.transactionAmountIsk === null) return found;
  if (
    reading.totalAmount !== null &&
    reading.transactionCurrency === "ISK" &&
    reading.totalAmount !== reading.transactionAmountIsk
  ) {
    found.push("TOTAL");
  }
  if (reading.purchaseDate !== null && reading.transactionDate) {
    const days = Math.abs(new Date(`${reading.purchaseDate}T00:00:00Z`).getTime() - reading.transactionDate.getTime());
    if (days > (DATE_TOLERANCE_DAYS + 1) * MS_PER_DAY) found.push("DATE");
  }
  return found;
};

export { readingsOf };
