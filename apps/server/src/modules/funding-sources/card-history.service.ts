import { timePageOf } from "../../platform/db/keyset-cursor.ts";
import { AppError } from "../../platform/errors.ts";
import { authorize } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { loadCardFor } from "../cards/card-access.ts";
import { patchTransaction } from "../transactions/transaction-patch.service.ts";
import {
  type CardTransactionRow,
  cardAuthorizations,
  cardTransactions,
  findCardTransaction,
} from "./funding-sources.repo.ts";
import type { HistoryPageQuery } from "./funding-sources.schemas.ts";

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
 * Category (with its dimension values), tax category and comment of one of the card's transactions: the card is
 * loaded (card read), then the change is the transactions module's `PATCH /transactions/{id}`, limited to the card's
 * transactions. Answers the transaction as the card's list shows it.
 */
export const patchCardTransaction = async (
  deps: AppDeps,
  ctx: ProjectContext,
  ids: { id: string; tid: string },
  body: unknown,
) => {
  const card = await loadCardFor(deps.db, ctx, ids.id, "read");
  await patchTransaction(deps, ctx, ids.tid, body, card.id);
  const updated = await findCardTransaction(deps.db, card.projectId, card.id, ids.tid);
  if (!updated) throw transactionNotFound();
  return toTransaction(updated);
};
