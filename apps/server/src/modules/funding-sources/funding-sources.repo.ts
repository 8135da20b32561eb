import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { authorizations, cards, transactions, users } from "../../platform/db/schema/index.ts";
import type { AuthorizationPageQuery, PageQuery } from "./funding-sources.schemas.ts";

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

/** A page of the card's transactions, newest first (id breaks ties), and how many there are. */
export const cardTransactions = async (db: Executor, projectId: string, cardId: string, page: PageQuery) => {
  const where = and(eq(transactions.projectId, projectId), eq(transactions.cardId, cardId));
  const rows = await db
    .select(transactionColumns)
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.transactionDate), desc(transactions.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  const [total] = await db.select({ value: count() }).from(transactions).where(where);
  return { rows, total: total?.value ?? 0 };
};

export type CardTransactionRow = Awaited<ReturnType<typeof cardTransactions>>["rows"][number];

export const findCardTransaction = async (db: Executor, projectId: string, cardId: string, transactionId: string) => {
  const [row] = await db
    .select(transactionColumns)
    .from(transactions)
    .where(
      and(eq(transactions.projectId, projectId), eq(transactions.cardId, cardId), eq(transactions.id, transactionId)),
    );
  return row;
};

export const updateTransactionNotes = async (
  db: Executor,
  projectId: string,
  transactionId: string,
  change: { comments?: string | null; categoryId?: string | null; updatedAt: Date },
) => {
  await db
    .update(transactions)
    .set(change)
    .where(and(eq(transactions.projectId, projectId), eq(transactions.id, transactionId)));
};

/**
 * A page of the card's authorizations (approved and declined, with the reason), newest first, and one row more
 * than asked when more follow. With a cursor it starts after that row by (created_at, id), never by OFFSET; the
 * cursor carries PostgreSQL's own text of the time, since a JS Date would drop the microseconds.
 */
export const cardAuthorizations = async (
  db: Executor,
  projectId: string,
  cardId: string,
  page: AuthorizationPageQuery,
) => {
  const where = and(eq(authorizations.projectId, projectId), eq(authorizations.cardId, cardId));
  const after = page.after
    ? sql`(${authorizations.createdAt}, ${authorizations.id}) < (${page.after.value}::timestamptz, ${page.after.id}::uuid)`
    : undefined;
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
      created_key: sql<string>`${authorizations.createdAt}::text`,
    })
    .from(authorizations)
    .where(and(where, after))
    .orderBy(desc(authorizations.createdAt), desc(authorizations.id))
    .limit(page.limit + 1)
    .offset(page.after ? 0 : offsetOf(page));
  const [total] = await db.select({ value: count() }).from(authorizations).where(where);
  return { rows, total: total?.value ?? 0 };
};
