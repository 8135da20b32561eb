import { isUuid } from "@kort/core";
import { z } from "zod";
import { authorize, policyFor } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import type { LedgerDeps } from "./ledger.service.ts";
import { assertTransactionActionPossible, type TransactionAction, transactionNotFound } from "./transaction-access.ts";
import { lockTransactions, setField } from "./transaction-edits.repo.ts";
import {
  applyCategory,
  applyTaxCategory,
  auditEach,
  categoryInput,
  commentSchema,
} from "./transaction-edits.service.ts";

/**
 * Spec 7, `PATCH /transactions/{id}`: what the employee app's categorise form saves, in one body. Each field is
 * optional; a field sent as null clears it. `subcategory_ids` (the dimension values) goes with `category_id`, since
 * the values are replaced as a whole and belong to that category.
 */
export const patchTransactionSchema = z
  .strictObject({
    category_id: z.uuid().nullable().optional(),
    subcategory_ids: z.array(z.uuid()).max(50).optional(),
    tax_category_id: z.uuid().nullable().optional(),
    comment: z.string().max(1000).nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Send at least one of category_id, tax_category_id and comment.",
  })
  .refine((body) => body.subcategory_ids === undefined || body.category_id !== undefined, {
    message: "subcategory_ids goes with category_id.",
    path: ["subcategory_ids"],
  });

export type TransactionPatch = z.output<typeof patchTransactionSchema>;

const PATCH_ACTIONS: readonly TransactionAction[] = ["set-category", "set-tax-category", "set-comment"];

/** The actions a patch takes: one per kind of field it sends. */
const actionsOf = (patch: TransactionPatch): TransactionAction[] => [
  ...(patch.category_id !== undefined ? (["set-category"] as const) : []),
  ...(patch.tax_category_id !== undefined ? (["set-tax-category"] as const) : []),
  ...(patch.comment !== undefined ? (["set-comment"] as const) : []),
];

/**
 * Category with its dimension values, tax category and comment of one transaction, in one database transaction:
 * either every field is saved or none is (the app's form used to save them in three calls, so a refused tax
 * category left the new category saved). The row is locked; each field's action is asked of the policy with the
 * transaction as loaded, and each is checked and audited as its own call on the dashboard would be. The category
 * is set before the tax category, so a tax category sent with it wins over the category's default.
 *
 * `cardId`, for `PATCH /funding_sources/{id}/transactions/{tid}`: the transaction must be that card's.
 */
export const patchTransaction = async (
  deps: LedgerDeps,
  ctx: ProjectContext,
  id: string,
  body: unknown,
  cardId?: string,
): Promise<{ id: string }> => {
  // A caller who may take none of these actions (any of them refuses) is refused before the body is read.
  if (!PATCH_ACTIONS.some((action) => policyFor(ctx, "transaction", action).possibly_allowed)) {
    assertTransactionActionPossible(ctx, "set-category");
  }
  const patch = patchTransactionSchema.parse(body ?? {});
  const actions = actionsOf(patch);
  for (const action of actions) assertTransactionActionPossible(ctx, action);
  return deps.db.transaction(async (tx) => {
    const [row] = isUuid(id) ? await lockTransactions(tx, ctx.membership.projectId, [id]) : [];
    if (!row || (cardId !== undefined && row.card_id !== cardId)) throw transactionNotFound();
    for (const action of actions) {
      authorize(ctx, "transaction", action, { project_id: row.project_id, team_id: row.team_id, user_id: row.user_id });
    }
    const now = deps.now();
    if (patch.category_id !== undefined) {
      const chosen = categoryInput.parse({ category_id: patch.category_id, subcategory_ids: patch.subcategory_ids });
      const data = await applyCategory(tx, ctx, row, chosen, now);
      await auditEach(tx, ctx, [row], "set-category", now, () => data);
    }
    if (patch.tax_category_id !== undefined) {
      const data = await applyTaxCategory(tx, row, patch.tax_category_id, now);
      await auditEach(tx, ctx, [row], "set-tax-category", now, () => data);
    }
    if (patch.comment !== undefined) {
      const comment = commentSchema.parse(patch.comment);
      await setField(tx, row.id, "comments", comment, now);
      await auditEach(tx, ctx, [row], "set-comment", now, () => ({ comments: comment }));
    }
    return { id: row.id };
  });
};
