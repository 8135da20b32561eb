import { z } from "zod";
import { writeAudit } from "../../platform/audit/audit.ts";
import type { Executor, Tx } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { authorize } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { noteCategorisation } from "../categorisation/categorisation.service.ts";
import type { LedgerDeps } from "./ledger.service.ts";
import { assertTransactionActionPossible, type TransactionAction, transactionNotFound } from "./transaction-access.ts";
import {
  type ChosenValue,
  type LockedTransaction,
  liveTeam,
  lockTransaction,
  setCategory,
  setCategoryKeepingValues,
  setField,
  type TransactionField,
  usableCategory,
  usableTaxCategory,
  valuesOfCategory,
} from "./transaction-edits.repo.ts";

/**
 * The transaction panel's changes (spec 2 and 7: set category with its dimension values, tax category, comment,
 * team category, team). Each is one database transaction: the row is locked, the policy is asked with the
 * transaction as loaded (its team and cardholder), what is chosen is checked against the project, the change is
 * written and audited. Another company's transaction is NOT_FOUND; one outside the caller's reach ACCESS_DENIED.
 */

/** Loads and locks the transaction, then asks the policy; refuses roles that may never act before any lookup. */
export const lockTransactionFor = async (
  tx: Executor,
  ctx: ProjectContext,
  id: string,
  action: TransactionAction,
): Promise<LockedTransaction> => {
  assertTransactionActionPossible(ctx, action);
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw transactionNotFound();
  const row = await lockTransaction(tx, ctx.membership.projectId, parsed.data);
  if (!row) throw transactionNotFound();
  authorize(ctx, "transaction", action, { project_id: row.project_id, team_id: row.team_id, user_id: row.user_id });
  return row;
};

type Apply = (tx: Tx, row: LockedTransaction, now: Date) => Promise<Record<string, unknown>>;

/**
 * One change to several transactions (the bulk actions of a selection) in one database transaction: all are
 * locked in id order (two overlapping selections cannot deadlock) and authorized before any is written, so a
 * selection changes whole or not at all.
 */
const changeAll = async (
  deps: LedgerDeps,
  ctx: ProjectContext,
  ids: readonly string[],
  action: TransactionAction,
  apply: Apply,
): Promise<number> =>
  deps.db.transaction(async (tx) => {
    const rows: LockedTransaction[] = [];
    for (const id of [...new Set(ids)].sort()) rows.push(await lockTransactionFor(tx, ctx, id, action));
    const now = deps.now();
    for (const row of rows) {
      const data = await apply(tx, row, now);
      await writeAudit(tx, {
        action: `transaction.${action}`,
        objectType: "transaction",
        objectId: row.id,
        projectId: row.project_id,
        actorUserId: ctx.user.id,
        data,
        requestId: ctx.requestId,
        at: now,
      });
    }
    return rows.length;
  });

const change = async (deps: LedgerDeps, ctx: ProjectContext, id: string, action: TransactionAction, apply: Apply) => {
  await changeAll(deps, ctx, [id], action, apply);
  return { id };
};

const optionalId = z
  .uuid()
  .nullish()
  .transform((id) => id ?? null);

const categoryInput = z.object({
  category_id: optionalId,
  subcategory_ids: z
    .array(z.uuid())
    .max(50)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
});

/**
 * Spec 7, set transaction category: the category (a live, enabled Default category the card's team may use) and
 * its dimension values (sub-categories; at most one per dimension, of dimensions linked to the category). The
 * values are replaced as a whole; no category clears them.
 */
export const setTransactionCategory = (deps: LedgerDeps, ctx: ProjectContext, id: string, input: unknown) =>
  change(deps, ctx, id, "set-category", async (tx, row, now) => {
    const { category_id: categoryId, subcategory_ids: valueIds } = categoryInput.parse(input);
    if (categoryId === null) {
      if (valueIds.length > 0) throw new AppError("DIMENSION_VALUE_NOT_AVAILABLE", "No category, no dimension values.");
      await setCategory(tx, row, null, [], now);
      return { category_id: null };
    }
    if (!(await usableCategory(tx, row.project_id, categoryId, "Default", row.team_id))) {
      throw new AppError("CATEGORY_NOT_AVAILABLE", "The category cannot be used for this transaction.");
    }
    const values = await valuesOfCategory(tx, row.project_id, categoryId, valueIds);
    const dimensions = new Set(values.map((value: ChosenValue) => value.dimension_id));
    if (values.length !== valueIds.length || dimensions.size !== values.length) {
      throw new AppError("DIMENSION_VALUE_NOT_AVAILABLE", "A dimension value cannot be used with this category.");
    }
    await setCategory(tx, row, categoryId, values, now);
    const proposal = await noteCategorisation(tx, {
      projectId: row.project_id,
      transactionId: row.id,
      actorUserId: ctx.user.id,
      now,
    });
    return { category_id: categoryId, subcategory_ids: valueIds, ...(proposal ? { rule_proposal_id: proposal } : {}) };
  });

const setOne = (
  deps: LedgerDeps,
  ctx: ProjectContext,
  id: string,
  action: TransactionAction,
  field: TransactionField,
  check: (tx: Executor, row: LockedTransaction, value: string) => Promise<void>,
  /** Parsed after the policy has been asked, so a refused caller learns nothing from validation. */
  parse: () => string | null,
) =>
  change(deps, ctx, id, action, async (tx, row, now) => {
    const value = parse();
    if (value !== null) await check(tx, row, value);
    await setField(tx, row.id, field, value, now);
    return { [field]: value };
  });

const idOrNull = (value: unknown) => (): string | null => optionalId.parse(value);

export const setTransactionTaxCategory = (deps: LedgerDeps, ctx: ProjectContext, id: string, taxCategoryId: unknown) =>
  setOne(
    deps,
    ctx,
    id,
    "set-tax-category",
    "tax_category_id",
    async (tx, row, value) => {
      if (!(await usableTaxCategory(tx, row.project_id, value))) {
        throw new AppError("TAX_CATEGORY_NOT_AVAILABLE", "The tax category cannot be used.");
      }
    },
    idOrNull(taxCategoryId),
  );

/** Spec 7, team category: a live, enabled Team category (made with each team) the card's team may use. */
export const setTransactionTeamCategory = (deps: LedgerDeps, ctx: ProjectContext, id: string, categoryId: unknown) =>
  setOne(
    deps,
    ctx,
    id,
    "set-category",
    "team_category_id",
    async (tx, row, value) => {
      if (!(await usableCategory(tx, row.project_id, value, "Team", row.team_id))) {
        throw new AppError("CATEGORY_NOT_AVAILABLE", "The team category cannot be used for this transaction.");
      }
    },
    idOrNull(categoryId),
  );

export const setTransactionTeam = (deps: LedgerDeps, ctx: ProjectContext, id: string, teamId: unknown) =>
  setOne(
    deps,
    ctx,
    id,
    "set-team",
    "team_id",
    async (tx, row, value) => {
      if (!(await liveTeam(tx, row.project_id, value))) throw new AppError("NOT_FOUND", "The team was not found.");
    },
    idOrNull(teamId),
  );

/** A comment of at most 1000 characters; an empty one clears it. */
const commentSchema = z
  .string()
  .trim()
  .max(1000)
  .nullish()
  .transform((text) => (text ? text : null));

export const setTransactionComment = (deps: LedgerDeps, ctx: ProjectContext, id: string, comment: unknown) =>
  setOne(
    deps,
    ctx,
    id,
    "set-comment",
    "comments",
    async () => {},
    () => commentSchema.parse(comment),
  );

/** A selection's bulk change covers at most a page of rows. */
export const BULK_MAX = 500;
const bulkIds = z.array(z.uuid()).min(1).max(BULK_MAX);

/**
 * Bulk set category for a selection (issue 12): each transaction gets the category if its team may use it (else
 * the whole change is refused with CATEGORY_NOT_AVAILABLE); dimension values of dimensions the new category does
 * not ask for are removed, the others kept.
 */
export const bulkSetTransactionCategory = async (
  deps: LedgerDeps,
  ctx: ProjectContext,
  input: { transaction_ids: unknown; category_id: unknown },
) => {
  assertTransactionActionPossible(ctx, "set-category");
  const ids = bulkIds.parse(input.transaction_ids);
  const categoryId = z.uuid().parse(input.category_id);
  const updated = await changeAll(deps, ctx, ids, "set-category", async (tx, row, now) => {
    if (!(await usableCategory(tx, row.project_id, categoryId, "Default", row.team_id))) {
      throw new AppError("CATEGORY_NOT_AVAILABLE", "The category cannot be used for every selected transaction.");
    }
    await setCategoryKeepingValues(tx, row, categoryId, now);
    const proposal = await noteCategorisation(tx, {
      projectId: row.project_id,
      transactionId: row.id,
      actorUserId: ctx.user.id,
      now,
    });
    return { category_id: categoryId, bulk: true, ...(proposal ? { rule_proposal_id: proposal } : {}) };
  });
  return { updated };
};

/** Bulk set tax category for a selection: an enabled tax category of the project, or null for none. */
export const bulkSetTransactionTaxCategory = async (
  deps: LedgerDeps,
  ctx: ProjectContext,
  input: { transaction_ids: unknown; tax_category_id?: unknown },
) => {
  assertTransactionActionPossible(ctx, "set-tax-category");
  const ids = bulkIds.parse(input.transaction_ids);
  const taxCategoryId = optionalId.parse(input.tax_category_id);
  const updated = await changeAll(deps, ctx, ids, "set-tax-category", async (tx, row, now) => {
    if (taxCategoryId !== null && !(await usableTaxCategory(tx, row.project_id, taxCategoryId))) {
      throw new AppError("TAX_CATEGORY_NOT_AVAILABLE", "The tax category cannot be used.");
    }
    await setField(tx, row.id, "tax_category_id", taxCategoryId, now);
    return { tax_category_id: taxCategoryId, bulk: true };
  });
  return { updated };
};
