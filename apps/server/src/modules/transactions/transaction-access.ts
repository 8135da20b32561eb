import { isUuid, type PolicyActionOf } from "@kort/core";
import type { Executor } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { type PolicySubject, policyFor } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { findTransactionOwner, type TransactionOwner } from "./transactions.repo.ts";

export type TransactionAction = PolicyActionOf<"transaction">;
export type { TransactionOwner };

/** The policy object of a transaction (spec 6): its team and its cardholder. */
export const transactionSubject = (row: {
  projectId: string;
  teamId: string | null;
  userId: string;
}): PolicySubject => ({
  project_id: row.projectId,
  team_id: row.teamId,
  user_id: row.userId,
});

const denied = (action: TransactionAction, missing?: readonly string[]): AppError =>
  new AppError("ACCESS_DENIED", "Access denied. Please contact your team admin.", {
    resource: "transaction",
    action,
    ...(missing ? { missing } : {}),
  });

export const transactionNotFound = (): AppError => new AppError("NOT_FOUND", "The transaction was not found.");

/** Refuses a role that may never take the action on any transaction, before anything is read or parsed. */
export const assertTransactionActionPossible = (ctx: ProjectContext, action: TransactionAction): void => {
  if (!policyFor(ctx, "transaction", action).possibly_allowed) throw denied(action);
};

/** Deny by default about one transaction (or something of one, such as an unmatched receipt's owner). */
export const authorizeTransaction = (ctx: ProjectContext, action: TransactionAction, subject: PolicySubject): void => {
  const result = policyFor(ctx, "transaction", action, subject);
  if (!result.allowed) throw denied(action, result.missing);
};

/**
 * Loads a transaction of the caller's project (without a lock: `lockTransactionFor` in transaction-edits.service.ts
 * locks it for a change of the row itself), then asks the policy with it (owner and accountant: the project;
 * a team admin: their teams'; an employee: their own). Another project's transaction is NOT_FOUND, whatever
 * X-Project-Id was sent; a role that may never take the action is ACCESS_DENIED before the lookup.
 */
export const loadTransactionFor = async (
  db: Executor,
  ctx: ProjectContext,
  transactionId: string,
  action: TransactionAction,
): Promise<TransactionOwner> => {
  assertTransactionActionPossible(ctx, action);
  if (!isUuid(transactionId)) throw transactionNotFound();
  const row = await findTransactionOwner(db, ctx.membership.projectId, transactionId);
  if (!row) throw transactionNotFound();
  authorizeTransaction(ctx, action, transactionSubject(row));
  return row;
};
