import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { sameCompanyRow } from "../../platform/db/company-join.ts";
import { type ReceiptMatch, type ReceiptSource, receipts, transactions } from "../../platform/db/schema/index.ts";

/** The `receipts` table: every query but the signed link's is scoped by project, and reads live rows only. */

export type ReceiptRecord = {
  id: string;
  projectId: string;
  transactionId: string | null;
  userId: string;
  fileName: string;
  fileSize: number;
  fileType: string;
  blobKey: string;
  thumbnailKey: string | null;
  source: ReceiptSource;
  matchedBy: ReceiptMatch | null;
  createdAt: Date;
};

/** A receipt with the owner of its transaction, as the policy sees it (null team and holder while unmatched). */
export type ReceiptWithOwner = ReceiptRecord & { transactionTeamId: string | null; transactionUserId: string | null };

const columns = {
  id: receipts.id,
  projectId: receipts.projectId,
  transactionId: receipts.transactionId,
  userId: receipts.userId,
  fileName: receipts.fileName,
  fileSize: receipts.fileSize,
  fileType: receipts.fileType,
  blobKey: receipts.blobKey,
  thumbnailKey: receipts.thumbnailKey,
  source: receipts.source,
  matchedBy: receipts.matchedBy,
  createdAt: receipts.createdAt,
};

const withOwner = { ...columns, transactionTeamId: transactions.teamId, transactionUserId: transactions.userId };

/**
 * Inserts a receipt; null when the company already has this e-mailed file (the partial unique index on its content
 * hash), so a message delivered twice, even at once by two servers, stores it once.
 */
export const insertReceipt = async (
  db: Executor,
  values: ReceiptRecord & { contentHash: string },
): Promise<ReceiptRecord | null> => {
  const [row] = await db.insert(receipts).values(values).onConflictDoNothing().returning(columns);
  return row ?? null;
};

/** The company's live e-mailed receipt with this content, if any: what a second delivery of it finds. */
export const findEmailedReceipt = async (
  db: Executor,
  projectId: string,
  contentHash: string,
): Promise<ReceiptRecord | null> => {
  const [row] = await db
    .select(columns)
    .from(receipts)
    .where(
      and(
        eq(receipts.projectId, projectId),
        eq(receipts.contentHash, contentHash),
        eq(receipts.source, "email"),
        isNull(receipts.deletedAt),
      ),
    );
  return row ?? null;
};

/** A transaction's live receipts, in the order they were added. */
export const transactionReceipts = (db: Executor, projectId: string, transactionId: string): Promise<ReceiptRecord[]> =>
  db
    .select(columns)
    .from(receipts)
    .where(
      and(eq(receipts.projectId, projectId), eq(receipts.transactionId, transactionId), isNull(receipts.deletedAt)),
    )
    .orderBy(asc(receipts.createdAt), asc(receipts.id));

/** One live receipt of the project with its transaction's owner, or null. */
export const findReceipt = async (db: Executor, projectId: string, id: string): Promise<ReceiptWithOwner | null> => {
  const [row] = await db
    .select(withOwner)
    .from(receipts)
    .leftJoin(transactions, sameCompanyRow(transactions, [receipts.projectId, receipts.transactionId]))
    .where(and(eq(receipts.projectId, projectId), eq(receipts.id, id), isNull(receipts.deletedAt)));
  return row ?? null;
};

/** Live receipts of the project among `ids`, with their transactions' owners, in no particular order. */
export const findReceipts = (db: Executor, projectId: string, ids: readonly string[]): Promise<ReceiptWithOwner[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select(withOwner)
        .from(receipts)
        .leftJoin(transactions, sameCompanyRow(transactions, [receipts.projectId, receipts.transactionId]))
        .where(and(eq(receipts.projectId, projectId), inArray(receipts.id, [...ids]), isNull(receipts.deletedAt)));

/** Live receipts of the project among `ids`, locked until the transaction ends (two removals take turns). */
export const lockReceipts = (db: Executor, projectId: string, ids: readonly string[]): Promise<ReceiptWithOwner[]> =>
  db
    .select(withOwner)
    .from(receipts)
    .leftJoin(transactions, sameCompanyRow(transactions, [receipts.projectId, receipts.transactionId]))
    .where(and(eq(receipts.projectId, projectId), inArray(receipts.id, [...ids]), isNull(receipts.deletedAt)))
    .orderBy(asc(receipts.id))
    .for("update", { of: receipts });

/** Soft delete: the row and its file stay (bookkeeping keeps receipts for years); the triggers lower the count. */
export const markReceiptsRemoved = async (
  db: Executor,
  projectId: string,
  ids: readonly string[],
  at: Date,
): Promise<void> => {
  await db
    .update(receipts)
    .set({ deletedAt: at })
    .where(and(eq(receipts.projectId, projectId), inArray(receipts.id, [...ids]), isNull(receipts.deletedAt)));
};

/** The live receipt a signed link opens: found by id alone, since the link's signature is its authority. */
export const findReceiptFile = async (db: Executor, id: string): Promise<ReceiptRecord | null> => {
  const [row] = await db
    .select(columns)
    .from(receipts)
    .where(and(eq(receipts.id, id), isNull(receipts.deletedAt)));
  return row ?? null;
};
