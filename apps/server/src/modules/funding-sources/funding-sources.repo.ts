import { type AnyColumn, and, count, desc, eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { afterTimeCursor, timeKey } from "../../platform/db/keyset-cursor.ts";
import { authorizations, cards, transactions, users } from "../../platform/db/schema/index.ts";
import type { HistoryPageQuery, PageQuery } from "./funding-sources.schemas.ts";

/** The SQL of the funding sources calls; every query is scoped by the project id. */

/** The sealed PAN and CVC of one card of the project (AES-256-GCM; opened by the service with the card key). */
export const sealedSecretsOf = async (db: Executor, projectId: string, cardId: string) => {
  const [row] = await db
    .select({ pan: cards.panEncrypted, cvc: cards.cvcEncrypted })
    .from(cards)
    .where(and(eq(cards.projectId, projectId), eq(cards.id, cardId)));
  return row;
};

export const setPinHash = async (db: Executor, projectId: string, cardId: string, pinHash: string, at: Date) => {
  await db
    .update(cards)
    .set({ pinHash, updatedAt: at })
    .where(and(eq(cards.projectId, projectId), eq(cards.id, cardId)));
};

export const hasPin = async (db: Executor, projectId: string, cardId: string): Promise<boolean> => {
  const [row] = await db
    .select({ pinHash: cards.pinHash })
    .from(cards)
    .where(and(eq(cards.projectId, projectId), eq(cards.id, cardId)));
  return Boolean(row?.pinHash);
};

/** Where a message to the user goes: the phone for SMS when known, else the e-mail. */
export const contactOf = async (db: Executor, userId: string) => {
  const [row] = await db.select({ phone: users.phone, email: users.email }).from(users).where(eq(users.id, userId));
  return row;
};

const transactionColumns = {
  id: transactions.id,
  description: transactions.description,
  merchant_name: transactions.merchantName,
  merchant_country: transactions.merchantCountry,
  mcc: transactions.mcc,
  original_amount: transactions.originalAmount,
  original_currency: transactions.originalCurrency,
  transaction_amount: transactions.transactionAmount,
  transaction_currency: transactions.transactionCurrency,
  transaction_date: transactions.transactionDate,
  funding_source_id: transactions.cardId,
  user_id: transactions.userId,
  team_id: transactions.teamId,
  comments: transactions.comments,
  category_id: transactions.categoryId,
  closed_at: transactions.closedAt,
};

const offsetOf = (page: PageQuery): number => (page.page - 1) * page.limit;

/**
 * Where a page of a card's history starts: after the cursor's row by (time, id), never by OFFSET, or at `page` for
 * callers of the first version.
 */
const afterCursor = (time: AnyColumn, id: AnyColumn, page: HistoryPageQuery) =>
  page.after ? afterTimeCursor(time, id, page.after) : undefined;

/** A page of the card's transactions, newest first (id breaks ties), one row more than asked when more follow. */
export const cardTransactions = async (db: Executor, projectId: string, cardId: string, page: HistoryPageQuery) => {
  const where = and(eq(transactions.projectId, projectId), eq(transactions.cardId, cardId));
  const rows = await db
    .select({ ...transactionColumns, timeKey: timeKey(transactions.transactionDate) })
    .from(transactions)
    .where(and(where, afterCursor(transactions.transactionDate, transactions.id, page)))
    .orderBy(desc(transactions.transactionDate), desc(transactions.id))
    .limit(page.limit + 1)
    .offset(page.after ? 0 : offsetOf(page));
  const [total] = await db.select({ value: count() }).from(transactions).where(where);
  return { rows, total: total?.value ?? 0 };
};

export const findCardTransaction = async (db: Executor, projectId: string, cardId: string, transactionId: string) => {
  const [row] = await db
    .select(transactionColumns)
    .from(transactions)
    .where(
      and(eq(transactions.projectId, projectId), eq(transactions.cardId, cardId), eq(transactions.id, transactionId)),
    );
  return row;
};

export type CardTransactionRow = NonNullable<Awaited<ReturnType<typeof findCardTransaction>>>;

/**
 * A page of the card's authorizations (approved and declined, with the reason), newest first, and one row more
 * than asked when more follow.
 */
export const cardAuthorizations = async (db: Executor, projectId: string, cardId: string, page: HistoryPageQuery) => {
  const where = and(eq(authorizations.projectId, projectId), eq(authorizations.cardId, cardId));
  const rows = await db
    .select({
      id: authorizations.id,
      amount: authorizations.amount,
      currency: authorizations.currency,
      original_amount: authorizations.originalAmount,
      original_currency: authorizations.originalCurrency,
      merchant_name: authorizations.merchantName,
      mcc: authorizations.mcc,
      status: authorizations.status,
      decline_code: authorizations.declineCode,
      created_at: authorizations.createdAt,
      timeKey: timeKey(authorizations.createdAt),
    })
    .from(authorizations)
    .where(and(where, afterCursor(authorizations.createdAt, authorizations.id, page)))
    .orderBy(desc(authorizations.createdAt), desc(authorizations.id))
    .limit(page.limit + 1)
    .offset(page.after ? 0 : offsetOf(page));
  const [total] = await db.select({ value: count() }).from(authorizations).where(where);
  return { rows, total: total?.value ?? 0 };
};
