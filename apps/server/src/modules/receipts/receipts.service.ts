import { createHash, randomUUID } from "node:crypto";
import { isUuid } from "@kort/core";
import { writeAudit, writeAudits } from "../../platform/audit/audit.ts";
import type { Executor } from "../../platform/db/client.ts";
import type { ReceiptMatch, ReceiptSource } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/errors.ts";
import type { PolicySubject } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import type { UploadResult } from "../../platform/http/multipart.ts";
import { type AppDeps, FileAnswer } from "../../platform/http/rest.ts";
import {
  assertTransactionActionPossible,
  authorizeTransaction,
  loadTransactionFor,
  type TransactionAction,
} from "../transactions/transaction-access.ts";
import { type CheckedReceipt, checkReceiptFile, receiptThumbnail } from "./receipt-files.ts";
import {
  findEmailedReceipt,
  findReceipt,
  findReceiptFile,
  findReceipts,
  insertReceipt,
  lockReceipts,
  markReceiptsRemoved,
  type ReceiptRecord,
  type ReceiptWithOwner,
  transactionReceipts,
} from "./receipts.repo.ts";
import { type ReceiptDto, removeReceiptsSchema } from "./receipts.schemas.ts";

/**
 * Receipts (spec 3 and 7, issue 12). Adding, listing and removing ask the policy about the receipt's transaction as
 * loaded from the database (`transaction manage-receipts` to add or remove, `read` to see); an unmatched receipt is
 * its sender's. Files live in the blob store and are opened through signed links that expire.
 */

export type ReceiptDeps = Pick<AppDeps, "db" | "blobs" | "links" | "now" | "tasks">;

export type ReceiptVariant = "file" | "thumbnail";

/** The path a signed link opens; the link signs exactly this. */
export const receiptFilePath = (receiptId: string, variant: ReceiptVariant): string =>
  `/v1/receipts/${receiptId}/${variant}`;

/** The receipt as answered, with links that expire together, at least the configured lifetime from now. */
export const toReceiptDto = (deps: ReceiptDeps, row: ReceiptRecord): ReceiptDto => {
  const expiresAt = deps.links.expiryFrom(deps.now());
  const file = deps.links.sign(receiptFilePath(row.id, "file"), expiresAt);
  return {
    id: row.id,
    transaction_id: row.transactionId,
    user_id: row.userId,
    file_name: row.fileName,
    file_size: row.fileSize,
    file_type: row.fileType,
    created_at: row.createdAt,
    url: file.url,
    thumbnail_url: row.thumbnailKey ? deps.links.sign(receiptFilePath(row.id, "thumbnail"), expiresAt).url : null,
    url_expires_at: file.expiresAt,
    source: row.source,
    matched_by: row.matchedBy,
  };
};

export const receiptNotFound = (): AppError => new AppError("NOT_FOUND", "The receipt was not found.");

/** The policy object of a receipt: its transaction's, or (unmatched) its sender's with no team. */
export const receiptSubject = (row: ReceiptWithOwner): PolicySubject =>
  row.transactionId !== null && row.transactionUserId !== null
    ? { project_id: row.projectId, team_id: row.transactionTeamId, user_id: row.transactionUserId }
    : { project_id: row.projectId, team_id: null, user_id: row.userId };

export type { ReceiptRecord, ReceiptWithOwner };

/** The company's live e-mailed receipt with this content: what a second delivery of the file finds. */
export const emailedReceiptWithContent = (db: Executor, projectId: string, contentHash: string) =>
  findEmailedReceipt(db, projectId, contentHash);

/** Live receipts of the company among `ids` with their transactions' owners (for the policy), unordered. */
export const receiptsByIds = (db: Executor, projectId: string, ids: readonly string[]) =>
  findReceipts(db, projectId, ids);

/** One live receipt of the company, locked until the transaction ends; null when there is none. */
export const lockReceipt = async (tx: Executor, projectId: string, id: string): Promise<ReceiptWithOwner | null> =>
  (await lockReceipts(tx, projectId, [id]))[0] ?? null;

/** SHA-256 of a receipt's bytes (hex): how a file e-mailed again is recognised. */
export const receiptContentHash = (data: Buffer): string => createHash("sha256").update(data).digest("hex");

const blobKeyOf = (projectId: string, receiptId: string) => `receipts/${projectId}/${receiptId}`;

/** Removes blobs written for a receipt whose row was not stored; a failure here must not hide the first one. */
const discard = async (deps: Pick<ReceiptDeps, "blobs">, keys: readonly string[]): Promise<void> => {
  await Promise.allSettled(keys.map((key) => deps.blobs.delete(key)));
};

export type NewReceipt = {
  projectId: string;
  /** Null for a receipt that waits to be matched (e-mailed receipts). */
  transactionId: string | null;
  /** `upload` unless e-mailed; an e-mailed one may carry why it was matched. */
  source?: ReceiptSource;
  matchedBy?: ReceiptMatch | null;
  /** The sender, and the actor of the audit row. */
  userId: string;
  requestId?: string;
  receipt: CheckedReceipt;
};

/** A receipt whose blobs are written and whose row is not yet: `insertReceiptRow` or `discardReceiptBlobs` follows. */
export type WrittenReceipt = { id: string; blobKey: string; thumbnailKey: string | null; input: NewReceipt };

/** Writes a checked receipt's blobs: the file, and an image's thumbnail. Nothing is left behind if one fails. */
export const writeReceiptBlobs = async (
  deps: Pick<ReceiptDeps, "blobs">,
  input: NewReceipt,
): Promise<WrittenReceipt> => {
  const id = randomUUID();
  const blobKey = blobKeyOf(input.projectId, id);
  const thumbnail = await receiptThumbnail(input.receipt);
  const thumbnailKey = thumbnail ? `${blobKey}.thumbnail.jpg` : null;
  const written: string[] = [];
  try {
    await deps.blobs.put(blobKey, input.receipt.data, { contentType: input.receipt.type });
    written.push(blobKey);
    if (thumbnail && thumbnailKey) {
      await deps.blobs.put(thumbnailKey, thumbnail, { contentType: "image/jpeg" });
      written.push(thumbnailKey);
    }
  } catch (error) {
    await discard(deps, written);
    throw error;
  }
  return { id, blobKey, thumbnailKey, input };
};

export const discardReceiptBlobs = (deps: Pick<ReceiptDeps, "blobs">, receipt: WrittenReceipt): Promise<void> =>
  discard(deps, receipt.thumbnailKey ? [receipt.blobKey, receipt.thumbnailKey] : [receipt.blobKey]);

/**
 * The row of a receipt whose blobs are written, and its `receipt.add` audit row, in the caller's transaction; null
 * (and nothing written) when it is an e-mailed file the company already has.
 */
export const insertReceiptRow = async (
  tx: Executor,
  receipt: WrittenReceipt,
  now: Date,
): Promise<ReceiptRecord | null> => {
  const { input } = receipt;
  const row = await insertReceipt(tx, {
    id: receipt.id,
    projectId: input.projectId,
    transactionId: input.transactionId,
    userId: input.userId,
    fileName: input.receipt.fileName,
    fileSize: input.receipt.data.length,
    fileType: input.receipt.type,
    blobKey: receipt.blobKey,
    thumbnailKey: receipt.thumbnailKey,
    source: input.source ?? "upload",
    matchedBy: input.matchedBy ?? null,
    contentHash: receiptContentHash(input.receipt.data),
    createdAt: now,
  });
  if (!row) return null;
  await writeAudit(tx, {
    action: "receipt.add",
    objectType: "receipt",
    objectId: receipt.id,
    projectId: input.projectId,
    actorUserId: input.userId,
    requestId: input.requestId,
    data: {
      transaction_id: input.transactionId,
      source: row.source,
      ...(row.matchedBy ? { matched_by: row.matchedBy } : {}),
      file_name: row.fileName,
      file_size: row.fileSize,
      file_type: row.fileType,
    },
    at: now,
  });
  return row;
};

/** The queue where a stored receipt waits to be read (the receipt-reading module works it). */
export const RECEIPT_READ_QUEUE = "receipts.read";

/** A receipt just stored is read before the sweep's backlog: someone may be looking at it (reading.service.ts). */
export const FRESH_RECEIPT_PRIORITY = 1;

/**
 * Asks for a stored receipt to be read, after its row committed. A send that fails loses nothing: the reading
 * module's sweep finds receipts without a reading.
 */
export const requestReading = async (
  deps: Pick<ReceiptDeps, "tasks">,
  receipt: { projectId: string; id: string },
): Promise<void> => {
  await deps.tasks
    .send(
      RECEIPT_READ_QUEUE,
      { project_id: receipt.projectId, receipt_id: receipt.id },
      { priority: FRESH_RECEIPT_PRIORITY, key: receipt.id },
    )
    .catch(() => undefined);
};

/**
 * Stores a checked receipt: its blobs first (the file and an image's thumbnail), then its row and audit row in one
 * transaction. If the row is not stored the blobs are deleted again, so no row ever points at a missing file; a
 * crash between the two leaves at most a blob that no row names.
 */
export const storeReceipt = async (
  deps: Pick<ReceiptDeps, "db" | "blobs" | "now" | "tasks">,
  input: NewReceipt,
): Promise<ReceiptRecord> => {
  const written = await writeReceiptBlobs(deps, input);
  try {
    const now = deps.now();
    const row = await deps.db.transaction((tx) => insertReceiptRow(tx, written, now));
    // Only an e-mailed file can be a repeat; an upload always inserts.
    if (!row) throw new Error("An uploaded receipt was not inserted");
    await requestReading(deps, row);
    return row;
  } catch (error) {
    await discardReceiptBlobs(deps, written);
    throw error;
  }
};

/**
 * Spec 7, POST /transactions/{id}/receipts: the transaction is loaded and the policy asked (manage-receipts) before
 * a byte of the file is read; then the file is checked by its content and stored.
 */
export const addReceipt = async (
  deps: ReceiptDeps,
  ctx: ProjectContext,
  transactionId: string,
  upload: () => Promise<UploadResult>,
): Promise<ReceiptDto> => {
  const transaction = await loadTransactionFor(deps.db, ctx, transactionId, "manage-receipts");
  const receipt = await checkReceiptFile(await upload());
  const row = await storeReceipt(deps, {
    projectId: transaction.projectId,
    transactionId: transaction.id,
    userId: ctx.user.id,
    requestId: ctx.requestId,
    receipt,
  });
  return toReceiptDto(deps, row);
};

/** A transaction's receipts, for whoever may read the transaction. */
export const listReceiptsFor = async (
  deps: ReceiptDeps,
  ctx: ProjectContext,
  transactionId: string,
): Promise<ReceiptDto[]> => {
  const transaction = await loadTransactionFor(deps.db, ctx, transactionId, "read");
  const rows = await transactionReceipts(deps.db, transaction.projectId, transaction.id);
  return rows.map((row) => toReceiptDto(deps, row));
};

const loadReceiptFor = async (
  deps: ReceiptDeps,
  ctx: ProjectContext,
  receiptId: string,
  action: TransactionAction,
): Promise<ReceiptWithOwner> => {
  assertTransactionActionPossible(ctx, action);
  if (!isUuid(receiptId)) throw receiptNotFound();
  const row = await findReceipt(deps.db, ctx.membership.projectId, receiptId);
  if (!row) throw receiptNotFound();
  authorizeTransaction(ctx, action, receiptSubject(row));
  return row;
};

/** Spec 7, receipt by id: with fresh links, for whoever may read its transaction. */
export const getReceiptFor = async (deps: ReceiptDeps, ctx: ProjectContext, receiptId: string): Promise<ReceiptDto> =>
  toReceiptDto(deps, await loadReceiptFor(deps, ctx, receiptId, "read"));

/**
 * Spec 7, remove receipts: all or nothing. Each receipt must be a live one of the project (else NOT_FOUND) that the
 * caller may manage (else ACCESS_DENIED). Removal sets `deleted_at`; the transaction's receipt count follows in the
 * same statement (triggers), and with it `has_receipt` and the MissingReceipt rule. Audited per receipt.
 */
export const removeReceipts = async (deps: ReceiptDeps, ctx: ProjectContext, input: unknown): Promise<string[]> => {
  assertTransactionActionPossible(ctx, "manage-receipts");
  const { ids } = removeReceiptsSchema.parse(input);
  const projectId = ctx.membership.projectId;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const rows = await lockReceipts(tx, projectId, ids);
    if (rows.length !== ids.length) throw receiptNotFound();
    for (const row of rows) authorizeTransaction(ctx, "manage-receipts", receiptSubject(row));
    await markReceiptsRemoved(tx, projectId, ids, now);
    await writeAudits(
      tx,
      rows.map((row) => ({
        action: "receipt.remove",
        objectType: "receipt",
        objectId: row.id,
        projectId,
        actorUserId: ctx.user.id,
        requestId: ctx.requestId,
        data: { transaction_id: row.transactionId, file_name: row.fileName },
        at: now,
      })),
    );
    return ids;
  });
};

/** The part of a file name before its ending. */
const stem = (fileName: string): string => fileName.replace(/\.[^.]{1,16}$/, "") || "kvittun";

/** Images and PDFs open in the browser; a HEIC (which browsers do not show) is saved. */
const dispositionOf = (fileType: string): "inline" | "attachment" =>
  fileType === "image/heic" || fileType === "image/heif" ? "attachment" : "inline";

/**
 * A signed link's target: the receipt's file or thumbnail. The signature is checked first (SIGNED_LINK_INVALID,
 * SIGNED_LINK_EXPIRED); a receipt removed since the link was made is NOT_FOUND.
 */
export const openReceiptFile = async (
  deps: ReceiptDeps,
  receiptId: string,
  variant: ReceiptVariant,
  query: { expires?: string; signature?: string },
): Promise<FileAnswer> => {
  const now = deps.now();
  deps.links.verify(receiptFilePath(receiptId, variant), query, now);
  const row = isUuid(receiptId) ? await findReceiptFile(deps.db, receiptId) : null;
  const key = variant === "file" ? row?.blobKey : row?.thumbnailKey;
  if (!row || !key) throw receiptNotFound();
  const blob = await deps.blobs.get(key);
  if (!blob) throw new AppError("NOT_FOUND", "The receipt's file was not found.");
  const maxAgeSeconds = (Number(query.expires) * 1000 - now.getTime()) / 1000;
  return new FileAnswer(
    variant === "file"
      ? {
          stream: blob.stream,
          size: blob.size,
          contentType: row.fileType,
          fileName: row.fileName,
          disposition: dispositionOf(row.fileType),
          maxAgeSeconds,
        }
      : {
          stream: blob.stream,
          size: blob.size,
          contentType: "image/jpeg",
          fileName: `${stem(row.fileName)}.jpg`,
          disposition: "inline",
          maxAgeSeconds,
        },
  );
};
