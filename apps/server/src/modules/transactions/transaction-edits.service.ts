import { isUuid } from "@kort/core";
import { z } from "zod";
import { writeAudits } from "../../platform/audit/audit.ts";
import type { Executor, Tx } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { authorize } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { noteCategorisation, noteCategorisations } from "../categorisation/categorisation.service.ts";
import type { LedgerDeps } from "./ledger.service.ts";
import { assertTransactionActionPossible, type TransactionAction, transactionNotFound } from "./transaction-access.ts";
import {
  type ChosenValue,
  type LockedTransaction,
  liveTeam,
  lockTransactions,
  setCategory,
  setCategoryKeepingValues,
  setField,
  setFieldOfAll,
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

/**
 * Locks a selection's transactions in one statement, in id order (two overlapping selections cannot deadlock), and
 * asks the policy for each before any is written, so a selection changes whole or not at all. Refuses roles that may
 * never act before any lookup; an id that is not a transaction of the company is NOT_FOUND.
 */
export const lockSelectionFor = async (
  tx: Executor,
  ctx: ProjectContext,
  ids: readonly string[],
  action: TransactionAction,
): Promise<LockedTransaction[]> => {
  assertTransactionActionPossible(ctx, action);
  if (!ids.every(isUuid)) throw transactionNotFound();
  const unique = [...new Set(ids)].sort();
  const rows = await lockTransactions(tx, ctx.membership.projectId, unique);
  if (rows.length !== unique.length) throw transactionNotFound();
  for (const row of rows) {
    authorize(ctx, "transaction", action, { project_id: row.project_id, team_id: row.team_id, user_id: row.user_id });
  }
  return rows;
};

/** `lockSelectionFor` of one transaction: the panel's changes and a receipt's attachment. */
export const lockTransactionFor = async (
  tx: Executor,
  ctx: ProjectContext,
  id: string,
  action: TransactionAction,
): Promise<LockedTransaction> => {
  const [row] = await lockSelectionFor(tx, ctx, [id], action);
  if (!row) throw transactionNotFound();
  return row;
};

/** One audit row per transaction of a change, written in one statement. */
export const auditEach = (
  tx: Tx,
  ctx: ProjectContext,
  rows: readonly LockedTransaction[],
  action: TransactionAction,
  now: Date,
  dataOf: (row: LockedTransaction) => Record<string, unknown>,
) =>
  writeAudits(
    tx,
    rows.map((row) => ({
      action: `transaction.${action}`,
      objectType: "transaction",
      objectId: row.id,
      projectId: row.project_id,
      actorUserId: ctx.user.id,
      data: dataOf(row),
      requestId: ctx.requestId,
      at: now,
    })),
  );

type Apply = (tx: Tx, row: LockedTransaction, now: Date) => Promise<Record<string, unknown>>;

/** One change of the panel to one transaction: locked, authorized, written and audited in one database transaction. */
const change = async (deps: LedgerDeps, ctx: ProjectContext, id: string, action: TransactionAction, apply: Apply) =>
  deps.db.transaction(async (tx) => {
    const row = await lockTransactionFor(tx, ctx, id, action);
    const now = deps.now();
    const data = await apply(tx, row, now);
    await auditEach(tx, ctx, [row], action, now, () => data);
    return { id };
  });

export const optionalId = z
  .uuid()
  .nullish()
  .transform((id) => id ?? null);

export const categoryInput = z.object({
  category_id: optionalId,
  subcategory_ids: z
    .array(z.uuid())
    .max(50)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
});

/**
 * The category (a live, enabled Default category the card's team may use) and its dimension values (sub-categories;
 * at most one per dimension, of dimensions linked to the category) of one locked transaction. The values are
 * replaced as a whole; no category clears them. Answers what the audit row records.
 */
export const applyCategory = async (
  tx: Tx,
  ctx: ProjectContext,
  row: LockedTransaction,
  input: z.output<typeof categoryInput>,
  now: Date,
): Promise<Record<string, unknown>> => {
  const { category_id: categoryId, subcategory_ids: valueIds } = input;
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
};

/** Spec 7, set transaction category (see `applyCategory`). */
export const setTransactionCategory = (deps: LedgerDeps, ctx: ProjectContext, id: string, input: unknown) =>
  change(deps, ctx, id, "set-category", (tx, row, now) => applyCategory(tx, ctx, row, categoryInput.parse(input), now));

/** An enabled tax category of the project, or null for none, on one locked transaction. */
export const applyTaxCategory = async (tx: Executor, row: LockedTransaction, value: string | null, now: Date) => {
  if (value !== null && !(await usableTaxCategory(tx, row.project_id, value))) {
    throw new AppError("TAX_CATEGORY_NOT_AVAILABLE", "The tax category cannot be used.");
  }
  await setField(tx, row.id, "tax_category_id", value, now);
  return { tax_category_id: value };
};

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
  change(deps, ctx, id, "set-tax-category", (tx, row, now) =>
    applyTaxCategory(tx, row, optionalId.parse(taxCategoryId), now),
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
export const commentSchema = z
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
  return deps.db.transaction(async (tx) => {
    const rows = await lockSelectionFor(tx, ctx, ids, "set-category");
    const projectId = ctx.membership.projectId;
    // Whether a team may use the category is asked once per team of the selection, not once per row.
    for (const teamId of new Set(rows.map((row) => row.team_id))) {
      if (!(await usableCategory(tx, projectId, categoryId, "Default", teamId))) {
        throw new AppError("CATEGORY_NOT_AVAILABLE", "The category cannot be used for every selected transaction.");
      }
    }
    const now = deps.now();
    const chosen = rows.map((row) => row.id);
    await setCategoryKeepingValues(tx, projectId, chosen, categoryId, now);
    const proposals = await noteCategorisations(tx, {
      projectId,
      transactionIds: chosen,
      actorUserId: ctx.user.id,
      now,
    });
    await auditEach(tx, ctx, rows, "set-category", now, (row) => {
      const proposal = proposals.get(row.id);
      return { category_id: categoryId, bulk: true, ...(proposal ? { rule_proposal_id: proposal } : {}) };
    });
    return { updated: rows.length };
  });
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
  return deps.db.transaction(async (tx) => {
    const rows = await lockSelectionFor(tx, ctx, ids, "set-tax-category");
    const projectId = ctx.membership.projectId;
    if (taxCategoryId !== null && !(await usableTaxCategory(tx, projectId, taxCategoryId))) {
      throw new AppError("TAX_CATEGORY_NOT_AVAILABLE", "The tax category cannot be used.");
    }
    const now = deps.now();
    await setFieldOfAll(
      tx,
      projectId,
      rows.map((row) => row.id),
      "tax_category_id",
      taxCategoryId,
      now,
    );
    await auditEach(tx, ctx, rows, "set-tax-category", now, () => ({ tax_category_id: taxCategoryId, bulk: true }));
    return { updated: rows.length };
  });
};
