import { evaluatePolicy, type PolicyActionOf, type PolicyUser, type RoleName } from "@kort/core";

export type TransactionEditAction = Extract<
  PolicyActionOf<"transaction">,
  "set-category" | "set-tax-category" | "set-comment" | "set-team" | "remind" | "manage-receipts"
>;

export type TransactionPermissions = Readonly<Record<TransactionEditAction, boolean>>;

const ACTIONS: readonly TransactionEditAction[] = [
  "set-category",
  "set-tax-category",
  "set-comment",
  "set-team",
  "remind",
  "manage-receipts",
];

export const NO_TRANSACTION_PERMISSIONS: TransactionPermissions = {
  "set-category": false,
  "set-tax-category": false,
  "set-comment": false,
  "set-team": false,
  remind: false,
  "manage-receipts": false,
};

/**
 * What the caller may change on one transaction, from the policy engine the server also runs (spec 6), asked with
 * the transaction's team and cardholder: an accountant anything in the project, a team admin their teams'
 * transactions (and their own as an employee), an employee their own. Without set-category the category and its
 * dimension values are read-only (spec 5). The server decides again on every change.
 */
export const transactionPermissions = (
  role: RoleName | null,
  user: PolicyUser | null,
  transaction: { team_id: string | null; user_id: string },
): TransactionPermissions => {
  if (role === null || user === null) return NO_TRANSACTION_PERMISSIONS;
  const object = { project_id: user.project_id, team_id: transaction.team_id, user_id: transaction.user_id };
  return Object.fromEntries(
    ACTIONS.map((action) => [action, evaluatePolicy({ role, resource: "transaction", action, user, object }).allowed]),
  ) as Record<TransactionEditAction, boolean>;
};
