import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { receipts, transactions } from "../../platform/db/schema/index.ts";

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
  createdAt: receipts.createdAt,
};

const withOwner = { ...columns, transactionTeamId: transactions.teamId, transactionUserId: transactions.userId };

export const insertReceipt = async (
  db: Executor,
  values: Omit<ReceiptRecord, "createdAt"> & { createdAt: Date },
): Promise<ReceiptRecord> => {
  const [row] = await db.insert(receipts).values(values).returning(columns);
  if (!row) throw new Error("The receipt was not inserted");
  return row;
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
    .leftJoin(transactions, eq(transactions.id, receipts.transactionId))
    .where(and(eq(receipts.projectId, projectId), eq(receipts.id, id), isNull(receipts.deletedAt)));
  return row ?? null;
};

/** Live receipts of the project among `ids`, locked until the transaction ends (two removals take turns). */
export const lockReceipts = (db: Executor, projectId: string, ids: readonly string[]): Promise<ReceiptWithOwner[]> =>
  db
    .select(withOwner)
    .from(receipts)
    .leftJoin(transactions, eq(transactions.id, receipts.transactionId))
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
