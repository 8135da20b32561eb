import { writeAudit } from "../../platform/audit/audit.ts";
import { timePageOf } from "../../platform/db/keyset-cursor.ts";
import { AppError } from "../../platform/errors.ts";
import { authorize, type PolicySubject, policyFor } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { loadCardFor } from "../cards/card-access.ts";
import { assertCategory } from "../cards/card-changes.service.ts";
import { noteCategorisation } from "../categorisation/categorisation.service.ts";
import {
  type CardTransactionRow,
  cardAuthorizations,
  cardTransactions,
  findCardTransaction,
  updateTransactionNotes,
} from "./funding-sources.repo.ts";
import { type HistoryPageQuery, patchTransactionSchema } from "./funding-sources.schemas.ts";

/**
 * Spec 7, a funding source's transactions and authorizations: the card is loaded (card read), then the history
 * is asked as `transaction read` about the card's holder and team, so a user sees only their own card's.
 */

const historyOf = async (deps: AppDeps, ctx: ProjectContext, id: string) => {
  const card = await loadCardFor(deps.db, ctx, id, "read");
  authorize(ctx, "transaction", "read", {
    project_id: card.projectId,
    team_id: card.teamId,
    user_id: card.cardholderId,
  });
  return card;
};

const toTransaction = ({ team_id: _team, ...row }: CardTransactionRow) => row;

export const listCardTransactions = async (deps: AppDeps, ctx: ProjectContext, id: string, page: HistoryPageQuery) => {
  const card = await historyOf(deps, ctx, id);
  const { rows, total } = await cardTransactions(deps.db, card.projectId, card.id, page);
  const { nodes, next_cursor } = timePageOf(rows, page.limit);
  return { nodes: nodes.map(({ timeKey: _key, ...row }) => toTransaction(row)), total_count: total, next_cursor };
};

export const listCardAuthorizations = async (
  deps: AppDeps,
  ctx: ProjectContext,
  id: string,
  page: HistoryPageQuery,
) => {
  const card = await historyOf(deps, ctx, id);
  const { rows, total } = await cardAuthorizations(deps.db, card.projectId, card.id, page);
  const { nodes, next_cursor } = timePageOf(rows, page.limit);
  return { nodes: nodes.map(({ timeKey: _key, ...row }) => row), total_count: total, next_cursor };
};

const transactionNotFound = (): AppError => new AppError("NOT_FOUND", "The transaction was not found.");

/**
 * Comment and category of one of the card's transactions: `transaction set-comment` and `set-category` about the
 * transaction's own holder and team (a user: their own). Audited as `transaction.patch`.
 */
export const patchCardTransaction = async (
  deps: AppDeps,
  ctx: ProjectContext,
  ids: { id: string; tid: string },
  body: unknown,
) => {
  for (const action of ["set-comment", "set-category"] as const) {
    if (!policyFor(ctx, "transaction", action).possibly_allowed) authorize(ctx, "transaction", action);
  }
  const card = await loadCardFor(deps.db, ctx, ids.id, "read");
  const args = patchTransactionSchema.parse(body ?? {});
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await findCardTransaction(tx, card.projectId, card.id, ids.tid);
    if (!row) throw transactionNotFound();
    const subject: PolicySubject = { project_id: card.projectId, team_id: row.team_id, user_id: row.user_id };
    if (args.comment !== undefined) authorize(ctx, "transaction", "set-comment", subject);
    if (args.category_id !== undefined) {
      authorize(ctx, "transaction", "set-category", subject);
      await assertCategory(tx, card.projectId, args.category_id);
    }
    await updateTransactionNotes(tx, card.projectId, row.id, {
      ...(args.comment !== undefined ? { comments: args.comment } : {}),
      ...(args.category_id !== undefined ? { categoryId: args.category_id } : {}),
      updatedAt: now,
    });
    // The employee app's categorisation counts towards a proposed rule like the dashboard's (issue 19).
    if (args.category_id !== undefined) {
      await noteCategorisation(tx, { projectId: card.projectId, transactionId: row.id, actorUserId: ctx.user.id, now });
    }
    await writeAudit(tx, {
      action: "transaction.patch",
      objectType: "transaction",
      objectId: row.id,
      projectId: card.projectId,
      actorUserId: ctx.user.id,
      requestId: ctx.requestId,
      data: { comment: args.comment, category_id: args.category_id },
      at: now,
    });
    const updated = await findCardTransaction(tx, card.projectId, card.id, row.id);
    if (!updated) throw transactionNotFound();
    return toTransaction(updated);
  });
};
