import { isoDate, isUuid, MS_PER_DAY } from "@kort/core";
import { z } from "zod";
import { writeAudit } from "../../platform/audit/audit.ts";
import type { Executor } from "../../platform/db/client.ts";
import { timeCursorFromText, timePageOf } from "../../platform/db/keyset-cursor.ts";
import type { ReceiptMatch } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/errors.ts";
import { policyFor } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { listScope } from "../../platform/http/list-scope.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { notify } from "../../platform/notifications/notify.ts";
import { type CheckedReceipt, checkReceiptFile } from "../receipts/receipt-files.ts";
import type { ReceiptDto } from "../receipts/receipts.schemas.ts";
import {
  discardReceiptBlobs,
  emailedReceiptWithContent,
  insertReceiptRow,
  lockReceipt,
  type ReceiptRecord,
  receiptContentHash,
  receiptNotFound,
  receiptSubject,
  receiptsByIds,
  requestReading,
  toReceiptDto,
  writeReceiptBlobs,
} from "../receipts/receipts.service.ts";
import { assertTransactionActionPossible, authorizeTransaction } from "../transactions/transaction-access.ts";
import { lockTransactionFor } from "../transactions/transaction-edits.service.ts";
import { evidenceOf, parseReceiptEmail, type ReceiptEmail } from "./inbound-email.ts";
import {
  attachReceiptRow,
  findProjectByMailbox,
  findSenderMember,
  type InboxProject,
  type InboxScope,
  type InboxSender,
  insertSuggestions,
  lockTransactionForReceipt,
  mailboxOf,
  openSuggestions,
  purchaseCandidates,
  rejectedTransactions,
  rejectSuggestionRow,
  type SuggestionRow,
  setMatchedBy,
  unmatchedReceiptCount,
  unmatchedReceiptPage,
} from "./inbox.repo.ts";
import { type MatchDecision, matchReceipt, type ReadAmount } from "./matcher.ts";

/**
 * Receipts by e-mail (issue 12). Each company has a receipts address, `<mailbox>@<KORT_RECEIPTS_DOMAIN>`. Mail to
 * it from a member (their e-mail or a verified alias) is taken: each attached receipt is stored and matched to the
 * sender's purchases, attached at once when the hard gates pass, else suggested or left unmatched for a person.
 * Mail from anyone else is refused and logged, and nothing of it is stored.
 */

export type InboxDeps = Pick<AppDeps, "db" | "blobs" | "links" | "now" | "config" | "tasks">;

/** Codes of a refused message: the SMTP reply and the relay endpoint's error carry them. */
export type InboxRefusal = "RECEIPT_MAILBOX_UNKNOWN" | "RECEIPT_SENDER_UNKNOWN" | "RECEIPT_EMAIL_WITHOUT_RECEIPT";

export type FileOutcome =
  | {
      file_name: string;
      status: "attached" | "suggested" | "unmatched";
      receipt_id: string;
      transaction_id: string | null;
    }
  | { file_name: string; status: "duplicate"; receipt_id: string; transaction_id: string | null }
  | { file_name: string; status: "refused"; code: string };

export type RecipientOutcome =
  | { recipient: string; status: "taken"; project_id: string; files: FileOutcome[] }
  | { recipient: string; status: "refused"; code: InboxRefusal };

/** The mailbox an address names on this installation's receipts domain (`+tag` ignored), or null. */
export const mailboxOfAddress = (address: string, domain: string): string | null => {
  const at = address.lastIndexOf("@");
  if (at <= 0) return null;
  if (address.slice(at + 1).toLowerCase() !== domain) return null;
  const local = address.slice(0, at).toLowerCase().split("+")[0] ?? "";
  return /^[a-z0-9][a-z0-9.-]{1,39}$/.test(local) ? local : null;
};

export const receiptsAddress = (mailbox: string, domain: string): string => `${mailbox}@${domain}`;

/** Whether mail to this address is taken at all (SMTP's RCPT TO): a live company's receipts address. */
export const acceptsReceiptsAddress = async (deps: Pick<InboxDeps, "db" | "config">, address: string) => {
  const mailbox = mailboxOfAddress(address, deps.config.inboundMail.domain);
  return mailbox !== null && (await findProjectByMailbox(deps.db, mailbox)) !== null;
};

/** How far around the receipt's dates the sender's purchases are weighed (the matcher suggests within 30 days). */
const CANDIDATE_DAYS = 31;

const candidateRange = (email: ReceiptEmail, dates: readonly Date[], now: Date) => {
  const times = [...dates, email.sentAt ?? now].map((date) => date.getTime());
  return {
    from: new Date(Math.min(...times) - CANDIDATE_DAYS * MS_PER_DAY),
    to: new Date(Math.max(...times) + CANDIDATE_DAYS * MS_PER_DAY),
  };
};

const matchOf = (decision: MatchDecision): ReceiptMatch | null =>
  decision.kind === "auto"
    ? { amount: decision.amount.amount, currency: decision.amount.currency, date: isoDate(decision.date) }
    : null;

type Arrival = { project: InboxProject; sender: InboxSender; email: ReceiptEmail };

/** What taking a file needs: the database, the blob store and the clock (no address, no links). */
type FileDeps = Pick<InboxDeps, "db" | "blobs" | "now" | "tasks">;

/** Every receipt file of an e-mail a member sent to their company, each stored and matched. */
export const takeEmail = async (deps: FileDeps, arrival: Arrival): Promise<FileOutcome[]> => {
  const files: FileOutcome[] = [];
  for (const file of arrival.email.files) files.push(await takeFile(deps, arrival, file));
  return files;
};

/** The sender's in-app notice of what became of their e-mailed receipt. */
const notifySender = (tx: Executor, arrival: Arrival, receipt: ReceiptRecord, status: string, now: Date) =>
  notify(tx, {
    projectId: arrival.project.id,
    userId: arrival.sender.userId,
    kind: `receipt.${status}`,
    payload: { receipt_id: receipt.id, transaction_id: receipt.transactionId, file_name: receipt.fileName },
    at: now,
  });

/**
 * One e-mailed file: checked like an upload; not stored again when the company has it from an earlier e-mail;
 * matched against the sender's purchases (read before the blobs are written, so no connection waits on a file);
 * then its row, suggestions, audit and notice in one transaction. The purchase an automatic match names is locked
 * and checked again there: reversed meanwhile, the receipt waits unmatched instead.
 */
const takeFile = async (
  deps: FileDeps,
  arrival: Arrival,
  file: { fileName: string; declaredType: string; data: Buffer },
): Promise<FileOutcome> => {
  let checked: CheckedReceipt;
  try {
    checked = await checkReceiptFile({ status: "ok", file });
  } catch (error) {
    if (error instanceof AppError) return { file_name: file.fileName, status: "refused", code: error.code };
    throw error;
  }
  const { project, sender, email } = arrival;
  const hash = receiptContentHash(checked.data);
  const duplicate = (row: ReceiptRecord): FileOutcome => ({
    file_name: checked.fileName,
    status: "duplicate",
    receipt_id: row.id,
    transaction_id: row.transactionId,
  });
  const earlier = await emailedReceiptWithContent(deps.db, project.id, hash);
  if (earlier) return duplicate(earlier);

  const now = deps.now();
  const evidence = evidenceOf(email);
  const candidates = await purchaseCandidates(
    deps.db,
    project.id,
    sender.userId,
    candidateRange(email, evidence.dates, now),
  );
  const rejected = await rejectedTransactions(deps.db, project.id, hash);
  const decision = matchReceipt(
    { senderUserId: sender.userId, receivedAt: email.sentAt ?? now, ...evidence },
    candidates,
    rejected,
  );
  const written = await writeReceiptBlobs(deps, {
    projectId: project.id,
    transactionId: null,
    userId: sender.userId,
    source: "email",
    receipt: checked,
  });
  try {
    const row = await deps.db.transaction(async (tx) => {
      const attachTo =
        decision.kind === "auto" && (await lockTransactionForReceipt(tx, project.id, decision.transactionId))
          ? decision.transactionId
          : null;
      const inserted = await insertReceiptRow(
        tx,
        {
          ...written,
          input: { ...written.input, transactionId: attachTo, matchedBy: attachTo ? matchOf(decision) : null },
        },
        now,
      );
      if (!inserted) return null;
      if (!attachTo && decision.kind === "suggest") {
        await insertSuggestions(tx, project.id, inserted.id, decision.suggestions, now);
      }
      await notifySender(tx, arrival, inserted, statusOf(inserted, decision), now);
      return inserted;
    });
    if (row) {
      await requestReading(deps, row);
      return {
        file_name: row.fileName,
        status: statusOf(row, decision),
        receipt_id: row.id,
        transaction_id: row.transactionId,
      };
    }
    // Another delivery of the same file won the race (the unique index): this one's blobs are not needed.
    await discardReceiptBlobs(deps, written);
    const winner = await emailedReceiptWithContent(deps.db, project.id, hash);
    return winner ? duplicate(winner) : { file_name: checked.fileName, status: "refused", code: "CONFLICT" };
  } catch (error) {
    await discardReceiptBlobs(deps, written);
    throw error;
  }
};

const statusOf = (row: ReceiptRecord, decision: MatchDecision): "attached" | "suggested" | "unmatched" =>
  row.transactionId ? "attached" : decision.kind === "suggest" ? "suggested" : "unmatched";

/**
 * A message for receipts addresses: each recipient is a company's address or refused; the sender must be a member
 * of that company (the header From, and an envelope sender that is some member's address must be the same person),
 * or the message is refused for that company and nothing of it stored.
 */
export const receiveReceiptEmail = async (
  deps: InboxDeps,
  message: { sender: string | null; recipients: readonly string[]; raw: Buffer },
): Promise<RecipientOutcome[]> => {
  const email = await parseReceiptEmail(message.raw);
  const outcomes: RecipientOutcome[] = [];
  for (const recipient of new Set(message.recipients.map((address) => address.toLowerCase()))) {
    const mailbox = mailboxOfAddress(recipient, deps.config.inboundMail.domain);
    const project = mailbox ? await findProjectByMailbox(deps.db, mailbox) : null;
    if (!project) {
      outcomes.push({ recipient, status: "refused", code: "RECEIPT_MAILBOX_UNKNOWN" });
      continue;
    }
    const sender = email.from ? await findSenderMember(deps.db, project.id, email.from) : null;
    const envelope = message.sender ? await findSenderMember(deps.db, project.id, message.sender.toLowerCase()) : null;
    if (!sender || (envelope && envelope.userId !== sender.userId)) {
      outcomes.push({ recipient, status: "refused", code: "RECEIPT_SENDER_UNKNOWN" });
      continue;
    }
    if (email.files.length === 0) {
      outcomes.push({ recipient, status: "refused", code: "RECEIPT_EMAIL_WITHOUT_RECEIPT" });
      continue;
    }
    const files = await takeEmail(deps, { project, sender, email });
    outcomes.push({ recipient, status: "taken", project_id: project.id, files });
  }
  return outcomes;
};

/** The company's whole inbox for owners and accountants; everyone else sees the receipts they sent. */
const inboxScope = (ctx: ProjectContext): InboxScope =>
  listScope(ctx, "transaction", "read").kind === "project" ? { kind: "project" } : { kind: "own", userId: ctx.user.id };

/** The receipts address shown to a company's users, and how many receipts wait for them. */
export const receiptsInbox = async (deps: Pick<InboxDeps, "db" | "config">, ctx: ProjectContext) => {
  const projectId = ctx.membership.projectId;
  const mailbox = await mailboxOf(deps.db, projectId);
  if (!mailbox) throw new AppError("PROJECT_NOT_FOUND", "The project was not found.");
  return {
    address: receiptsAddress(mailbox, deps.config.inboundMail.domain),
    unmatched_count: await unmatchedReceiptCount(deps.db, projectId, inboxScope(ctx)),
  };
};

export type SuggestionDto = {
  transaction_id: string;
  merchant: string;
  transaction_date: Date;
  amount: number;
  original_amount: number;
  original_currency: string;
  card_last_four: string | null;
};

export type WaitingReceiptDto = { receipt: ReceiptDto; sender_name: string; suggestions: SuggestionDto[] };

const suggestionDto = (row: SuggestionRow): SuggestionDto => ({
  transaction_id: row.transactionId,
  merchant: row.merchant,
  transaction_date: row.transactionDate,
  amount: row.amountIsk,
  original_amount: row.originalAmount,
  original_currency: row.originalCurrency,
  card_last_four: row.lastFour,
});

export const UNMATCHED_PAGE_MAX = 40;

const unmatchedPageSchema = z.object({
  first: z.int().min(1).max(UNMATCHED_PAGE_MAX).nullish(),
  after: timeCursorFromText.nullish(),
  user_id: z.uuid().nullish(),
});

/**
 * Unmatched receipts, newest first by keyset, each with its open suggestions (one statement for the page), within
 * the caller's reach; `user_id` narrows to one sender's (the panel's "attach from the inbox" list).
 */
export const unmatchedReceipts = async (deps: InboxDeps, ctx: ProjectContext, input: unknown) => {
  const page = unmatchedPageSchema.parse(input);
  const limit = page.first ?? 20;
  const projectId = ctx.membership.projectId;
  const rows = await unmatchedReceiptPage(deps.db, projectId, inboxScope(ctx), {
    limit: limit + 1,
    after: page.after,
    userId: page.user_id,
  });
  const { nodes: shown, next_cursor } = timePageOf(rows, limit);
  const ids = shown.map((row) => row.id);
  const [receipts, suggestions] = await Promise.all([
    receiptsByIds(deps.db, projectId, ids),
    openSuggestions(deps.db, projectId, { receiptIds: ids }),
  ]);
  const byId = new Map(receipts.map((receipt) => [receipt.id, receipt]));
  const nodes: WaitingReceiptDto[] = shown.flatMap((row) => {
    const receipt = byId.get(row.id);
    if (!receipt) return [];
    return [
      {
        receipt: toReceiptDto(deps, receipt),
        sender_name: row.senderName,
        suggestions: suggestions.filter((s) => s.receiptId === row.id).map(suggestionDto),
      },
    ];
  });
  return { nodes, next_cursor };
};

/** E-mailed receipts the matcher suggested for one transaction (the panel), those the caller may see. */
export const suggestedReceipts = async (deps: InboxDeps, ctx: ProjectContext, transactionId: string) => {
  assertTransactionActionPossible(ctx, "read");
  if (!isUuid(transactionId)) return [];
  const projectId = ctx.membership.projectId;
  const suggestions = await openSuggestions(deps.db, projectId, { transactionId });
  const receipts = await receiptsByIds(
    deps.db,
    projectId,
    suggestions.map((s) => s.receiptId),
  );
  return receipts
    .filter((receipt) => policyFor(ctx, "transaction", "read", receiptSubject(receipt)).allowed)
    .map((receipt) => toReceiptDto(deps, receipt));
};

const pairSchema = z.object({ receipt_id: z.string().max(100), transaction_id: z.string().max(100) });

/** Locks an unmatched receipt the caller may manage; one already attached is RECEIPT_ALREADY_ATTACHED. */
const lockUnmatched = async (tx: Executor, ctx: ProjectContext, receiptId: string) => {
  if (!isUuid(receiptId)) throw receiptNotFound();
  const row = await lockReceipt(tx, ctx.membership.projectId, receiptId);
  if (!row) throw receiptNotFound();
  authorizeTransaction(ctx, "manage-receipts", receiptSubject(row));
  if (row.transactionId !== null) {
    throw new AppError("RECEIPT_ALREADY_ATTACHED", "The receipt is already attached to a transaction.", {
      transaction_id: row.transactionId,
    });
  }
  return row;
};

/**
 * Attaches an unmatched receipt to a transaction (a suggestion confirmed, or one picked from the list): the caller
 * must manage receipts of both. The receipt row and the transaction are locked; the count follows (triggers).
 */
export const attachReceipt = async (deps: InboxDeps, ctx: ProjectContext, input: unknown): Promise<ReceiptDto> => {
  assertTransactionActionPossible(ctx, "manage-receipts");
  const pair = pairSchema.parse(input);
  const projectId = ctx.membership.projectId;
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const receipt = await lockUnmatched(tx, ctx, pair.receipt_id);
    const transaction = await lockTransactionFor(tx, ctx, pair.transaction_id, "manage-receipts");
    await attachReceiptRow(tx, projectId, receipt.id, transaction.id);
    await writeAudit(tx, {
      action: "receipt.attach",
      objectType: "receipt",
      objectId: receipt.id,
      projectId,
      actorUserId: ctx.user.id,
      requestId: ctx.requestId,
      data: { transaction_id: transaction.id },
      at: now,
    });
    return { ...receipt, transactionId: transaction.id };
  });
  return toReceiptDto(deps, row);
};

/** A person says the receipt does not belong to the transaction: never suggested or attached so again. */
export const rejectReceiptSuggestion = async (deps: InboxDeps, ctx: ProjectContext, input: unknown) => {
  assertTransactionActionPossible(ctx, "manage-receipts");
  const pair = pairSchema.parse(input);
  const projectId = ctx.membership.projectId;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const receipt = await lockUnmatched(tx, ctx, pair.receipt_id);
    const done =
      isUuid(pair.transaction_id) &&
      (await rejectSuggestionRow(
        tx,
        projectId,
        { receiptId: receipt.id, transactionId: pair.transaction_id },
        { userId: ctx.user.id, at: now },
      ));
    if (!done) throw new AppError("NOT_FOUND", "The suggestion was not found.");
    await writeAudit(tx, {
      action: "receipt.reject_suggestion",
      objectType: "receipt",
      objectId: receipt.id,
      projectId,
      actorUserId: ctx.user.id,
      requestId: ctx.requestId,
      data: { transaction_id: pair.transaction_id },
      at: now,
    });
    return true;
  });
};

/** What was read from a waiting receipt's picture or PDF (issue 18): more evidence for the same hard gates. */
export type ReadEvidence = {
  amounts: readonly ReadAmount[];
  dates: readonly Date[];
  lastFour: string | null;
  merchant: string | null;
};

/**
 * Matches a receipt that waits unmatched (e-mailed, or uploaded in the app without a purchase) again once its
 * picture has been read: the total, date and card digits read from it go through the same gates as an e-mail's
 * text. Attaches it when exactly one purchase passes, else records suggestions; a receipt attached meanwhile
 * (by a person) is left as it is. Answers the transaction it was attached to, if any.
 */
export const matchReadReceipt = async (
  deps: Pick<InboxDeps, "db" | "now">,
  receipt: { projectId: string; id: string; userId: string; createdAt: Date; contentHash: string | null },
  read: ReadEvidence,
): Promise<string | null> => {
  const now = deps.now();
  const times = [...read.dates, receipt.createdAt].map((date) => date.getTime());
  const range = {
    from: new Date(Math.min(...times) - CANDIDATE_DAYS * MS_PER_DAY),
    to: new Date(Math.max(...times) + CANDIDATE_DAYS * MS_PER_DAY),
  };
  const candidates = await purchaseCandidates(deps.db, receipt.projectId, receipt.userId, range);
  const rejected = receipt.contentHash
    ? await rejectedTransactions(deps.db, receipt.projectId, receipt.contentHash)
    : new Set<string>();
  const decision = matchReceipt(
    { senderUserId: receipt.userId, receivedAt: receipt.createdAt, ...read },
    candidates,
    rejected,
  );
  if (decision.kind === "none") return null;
  return deps.db.transaction(async (tx) => {
    const [waiting] = await lockReceipt(tx, receipt.projectId, receipt.id).then((row) => (row ? [row] : []));
    if (!waiting || waiting.transactionId) return null;
    if (decision.kind === "suggest") {
      await insertSuggestions(tx, receipt.projectId, receipt.id, decision.suggestions, now);
      return null;
    }
    if (!(await lockTransactionForReceipt(tx, receipt.projectId, decision.transactionId))) return null;
    await attachReceiptRow(tx, receipt.projectId, receipt.id, decision.transactionId);
    await setMatchedBy(tx, receipt.projectId, receipt.id, matchOf(decision));
    await writeAudit(tx, {
      action: "receipt.attach",
      objectType: "receipt",
      objectId: receipt.id,
      projectId: receipt.projectId,
      actorUserId: null,
      data: { transaction_id: decision.transactionId, matched_by: matchOf(decision), read_from: "receipt" },
      at: now,
    });
    await notify(tx, {
      projectId: receipt.projectId,
      userId: receipt.userId,
      kind: "receipt.attached",
      payload: { receipt_id: receipt.id, transaction_id: decision.transactionId, file_name: waiting.fileName },
      at: now,
    });
    return decision.transactionId;
  });
};
