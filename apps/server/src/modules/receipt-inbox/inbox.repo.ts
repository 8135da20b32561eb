import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { afterTimeCursor, type KeysetCursor } from "../../platform/db/keyset-cursor.ts";
import type { ReceiptMatch } from "../../platform/db/schema/index.ts";
import type { Candidate, Suggestion } from "./matcher.ts";

/** The receipts inbox's reads and writes: every statement names the company it reads. */

export type InboxProject = { id: string; title: string };

/**
 * The live company whose receipts address has this mailbox (the address's local part, lower case): the company
 * registry names it (docs/scaling.md, blocker 2), and the company's own row says whether it is enabled.
 */
export const findProjectByMailbox = async (db: Executor, mailbox: string): Promise<InboxProject | null> => {
  const named = await db.execute<{ project_id: string }>(sql`
    select project_id from project_registry where receipts_mailbox = ${mailbox}`);
  const projectId = named.rows[0]?.project_id;
  if (!projectId) return null;
  const result = await db.execute<InboxProject>(sql`
    select id, title from projects where id = ${projectId} and enabled`);
  return result.rows[0] ?? null;
};

export const mailboxOf = async (db: Executor, projectId: string): Promise<string | null> => {
  const result = await db.execute<{ mailbox: string }>(sql`
    select receipts_mailbox as mailbox from projects where id = ${projectId}`);
  return result.rows[0]?.mailbox ?? null;
};

export type InboxSender = { userId: string; fullName: string; locale: string };

/**
 * The member of the company whose e-mail, or verified alias, is `address` (lower case): the only people whose
 * mail to the company's receipts address is taken.
 */
export const findSenderMember = async (
  db: Executor,
  projectId: string,
  address: string,
): Promise<InboxSender | null> => {
  const result = await db.execute<InboxSender>(sql`
    select u.id as "userId", u.full_name as "fullName", u.locale
      from users u
      join project_members m on m.project_id = ${projectId} and m.user_id = u.id
     where u.email = ${address}
        or exists (select 1 from email_addresses e
                    where e.user_id = u.id and e.email = ${address} and e.verified_at is not null)
     limit 1`);
  return result.rows[0] ?? null;
};

/** The most purchases of one person a receipt is weighed against: a month and a half of a busy card. */
const CANDIDATE_LIMIT = 500;

/**
 * The sender's purchases (not refunds) between two instants, newest first: what an e-mailed receipt may belong to.
 * Walks the ledger's (project, user, date) index; bounded, whatever the size of the ledger.
 */
export const purchaseCandidates = async (
  db: Executor,
  projectId: string,
  userId: string,
  range: { from: Date; to: Date },
): Promise<Candidate[]> => {
  const result = await db.execute<{
    id: string;
    user_id: string;
    merchant: string;
    date: Date;
    amount_isk: string;
    original_amount: string;
    original_currency: string;
    has_receipt: boolean;
    last_four: string | null;
  }>(sql`
    select t.id, t.user_id, coalesce(t.merchant_name, t.description, '') as merchant, t.transaction_date as date,
           t.transaction_amount::text as amount_isk, t.original_amount::text as original_amount, t.original_currency,
           t.receipt_count > 0 as has_receipt, right(c.masked_number, 4) as last_four
      from transactions t
      left join cards c on c.project_id = t.project_id and c.id = t.card_id
     where t.project_id = ${projectId} and t.user_id = ${userId}
       and t.transaction_date >= ${range.from} and t.transaction_date < ${range.to}
       and t.refund_of_transaction_id is null and t.transaction_amount > 0
     order by t.transaction_date desc, t.id desc
     limit ${CANDIDATE_LIMIT}`);
  return result.rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    merchant: row.merchant,
    date: new Date(row.date),
    amountIsk: Number(row.amount_isk),
    originalAmount: Number(row.original_amount),
    originalCurrency: row.original_currency,
    hasReceipt: row.has_receipt,
    lastFour: row.last_four,
  }));
};

/** Transactions a person said a file does not belong to: for any receipt of the company with this content. */
export const rejectedTransactions = async (
  db: Executor,
  projectId: string,
  contentHash: string,
): Promise<Set<string>> => {
  const result = await db.execute<{ transaction_id: string }>(sql`
    select s.transaction_id from receipt_suggestions s
      join receipts r on r.project_id = s.project_id and r.id = s.receipt_id
     where s.project_id = ${projectId} and r.content_hash = ${contentHash} and s.rejected_at is not null`);
  return new Set(result.rows.map((row) => row.transaction_id));
};

/** Locks a live transaction of the company for a receipt to be attached; false when it is gone (reversed). */
export const lockTransactionForReceipt = async (
  tx: Executor,
  projectId: string,
  transactionId: string,
): Promise<boolean> => {
  const result = await tx.execute(sql`
    select id from transactions where project_id = ${projectId} and id = ${transactionId} for update`);
  return result.rows.length > 0;
};

export const insertSuggestions = async (
  tx: Executor,
  projectId: string,
  receiptId: string,
  suggestions: readonly Suggestion[],
  now: Date,
): Promise<void> => {
  for (const suggestion of suggestions) {
    await tx.execute(sql`
      insert into receipt_suggestions (project_id, receipt_id, transaction_id, score, created_at)
      values (${projectId}, ${receiptId}, ${suggestion.transactionId}, ${Math.round(suggestion.score * 1000)}, ${now})
      on conflict do nothing`);
  }
};

/** Who sees which unmatched receipts: the whole company's, or only their own. */
export type InboxScope = { kind: "project" } | { kind: "own"; userId: string };

const scopeCondition = (scope: InboxScope) => (scope.kind === "project" ? sql`true` : sql`r.user_id = ${scope.userId}`);

export type UnmatchedRow = { id: string; createdAt: Date; timeKey: string; senderName: string };

/** A page of unmatched receipts, newest first, by keyset (created_at, id). */
export const unmatchedReceiptPage = async (
  db: Executor,
  projectId: string,
  scope: InboxScope,
  page: { limit: number; after?: KeysetCursor | null; userId?: string | null },
): Promise<UnmatchedRow[]> => {
  const after = page.after ? sql`and ${afterTimeCursor(sql`r.created_at`, sql`r.id`, page.after)}` : sql``;
  const sender = page.userId ? sql`and r.user_id = ${page.userId}` : sql``;
  const result = await db.execute<{ id: string; created_at: Date; time_key: string; sender_name: string }>(sql`
    select r.id, r.created_at, r.created_at::text as time_key, u.full_name as sender_name
      from receipts r join users u on u.id = r.user_id
     where r.project_id = ${projectId} and r.transaction_id is null and r.deleted_at is null
       and ${scopeCondition(scope)} ${sender} ${after}
     order by r.created_at desc, r.id desc
     limit ${page.limit}`);
  return result.rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at),
    timeKey: row.time_key,
    senderName: row.sender_name,
  }));
};

export const unmatchedReceiptCount = async (db: Executor, projectId: string, scope: InboxScope): Promise<number> => {
  const result = await db.execute<{ count: string }>(sql`
    select count(*)::text as count from receipts r
     where r.project_id = ${projectId} and r.transaction_id is null and r.deleted_at is null
       and ${scopeCondition(scope)}`);
  return Number(result.rows[0]?.count ?? 0);
};

export type SuggestionRow = {
  receiptId: string;
  transactionId: string;
  merchant: string;
  transactionDate: Date;
  amountIsk: number;
  originalAmount: number;
  originalCurrency: string;
  lastFour: string | null;
  score: number;
};

/** The open (not rejected) suggestions of these receipts, best first: one statement for a page of receipts. */
export const openSuggestions = async (
  db: Executor,
  projectId: string,
  by: { receiptIds: readonly string[] } | { transactionId: string },
): Promise<SuggestionRow[]> => {
  const which =
    "transactionId" in by
      ? sql`s.transaction_id = ${by.transactionId}`
      : sql`s.receipt_id = any(${sql.param([...by.receiptIds])}::uuid[])`;
  const result = await db.execute<{
    receipt_id: string;
    transaction_id: string;
    merchant: string;
    transaction_date: Date;
    amount_isk: string;
    original_amount: string;
    original_currency: string;
    last_four: string | null;
    score: number;
  }>(sql`
    select s.receipt_id, s.transaction_id, coalesce(t.merchant_name, t.description, '') as merchant,
           t.transaction_date, t.transaction_amount::text as amount_isk, t.original_amount::text as original_amount,
           t.original_currency, c.masked_number as last_four, s.score
      from receipt_suggestions s
      join transactions t on t.project_id = s.project_id and t.id = s.transaction_id
      join receipts r on r.project_id = s.project_id and r.id = s.receipt_id
      left join cards c on c.project_id = t.project_id and c.id = t.card_id
     where s.project_id = ${projectId} and s.rejected_at is null and ${which}
       and r.transaction_id is null and r.deleted_at is null
     order by s.score desc, s.transaction_id`);
  return result.rows.map((row) => ({
    receiptId: row.receipt_id,
    transactionId: row.transaction_id,
    merchant: row.merchant,
    transactionDate: new Date(row.transaction_date),
    amountIsk: Number(row.amount_isk),
    originalAmount: Number(row.original_amount),
    originalCurrency: row.original_currency,
    lastFour: row.last_four,
    score: row.score,
  }));
};

/** Attaches an unmatched receipt (locked by the caller) to a transaction; its open suggestions are done with. */
export const attachReceiptRow = async (
  tx: Executor,
  projectId: string,
  receiptId: string,
  transactionId: string,
): Promise<void> => {
  await tx.execute(sql`
    update receipts set transaction_id = ${transactionId}
     where project_id = ${projectId} and id = ${receiptId} and transaction_id is null`);
  await tx.execute(sql`
    delete from receipt_suggestions
     where project_id = ${projectId} and receipt_id = ${receiptId} and rejected_at is null`);
};

/** Why a receipt was attached without a person (the amount and date that passed the gates). */
export const setMatchedBy = async (
  tx: Executor,
  projectId: string,
  receiptId: string,
  match: ReceiptMatch | null,
): Promise<void> => {
  await tx.execute(sql`
    update receipts set matched_by = ${match ? JSON.stringify(match) : null}::jsonb
     where project_id = ${projectId} and id = ${receiptId}`);
};

/** Records that a receipt does not belong to a transaction; false when there was no open suggestion of the pair. */
export const rejectSuggestionRow = async (
  tx: Executor,
  projectId: string,
  pair: { receiptId: string; transactionId: string },
  by: { userId: string; at: Date },
): Promise<boolean> => {
  const result = await tx.execute(sql`
    update receipt_suggestions set rejected_at = ${by.at}, rejected_by = ${by.userId}
     where project_id = ${projectId} and receipt_id = ${pair.receiptId} and transaction_id = ${pair.transactionId}
       and rejected_at is null
     returning receipt_id`);
  return result.rows.length > 0;
};
