import { dimensionCountAllowed, maxDimensionsPerCategory, type ProjectPlan } from "@kort/core";
import { writeAudit } from "../../platform/audit/audit.ts";
import type { Db, Tx } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import type { CategoryRecord } from "./accounting.repo.ts";
import type { DimensionChange, ValueInput } from "./accounting.schemas.ts";
import { dimensionNotFound, taxCategoryNotFound, withCodeGuard } from "./accounting-access.ts";
import {
  type DimensionRecord,
  deleteLinks,
  deleteValues,
  findLiveDimensions,
  insertDimension,
  insertLinks,
  insertValues,
  listLiveValues,
  updateDimension,
  updateValue,
} from "./dimensions.repo.ts";
import { findAccountingSettings } from "./plan.repo.ts";
import { findTaxCategories } from "./tax-categories.repo.ts";

/**
 * The steps that the accounting changes are made of (spec 4: create a dimension with its values, patch one, link and
 * unlink, check the default tax category). Each runs inside the caller's transaction, so a single call and the
 * "apply changeset" of spec 7 share them and a failure at any step leaves nothing behind.
 */

/** What the services need besides the caller: the database and the clock. */
export type AccountingDeps = { db: Db; now: () => Date };

/** One change in progress: its transaction, the caller, the caller's company and the instant of the change. */
export type Step = { tx: Tx; ctx: ProjectContext; projectId: string; now: Date };

/**
 * Runs a change in one transaction under the code guard (a unique code index met in a race reads as the coded
 * error, never a 500). `code` names the code the change writes, for the error's message.
 */
export const runChange = <T>(
  deps: AccountingDeps,
  ctx: ProjectContext,
  code: string | undefined,
  change: (step: Step) => Promise<T>,
): Promise<T> => {
  const now = deps.now();
  const projectId = ctx.membership.projectId;
  return withCodeGuard(
    () => code,
    () => deps.db.transaction((tx) => change({ tx, ctx, projectId, now })),
  );
};

export const audit = (
  step: Step,
  entry: { action: string; objectType: string; objectId: string; data: Record<string, unknown> },
): Promise<void> =>
  writeAudit(step.tx, {
    ...entry,
    projectId: step.projectId,
    actorUserId: step.ctx.user.id,
    requestId: step.ctx.requestId,
    at: step.now,
  });

export const dimensionWithoutValues = (title: string): AppError =>
  new AppError("DIMENSION_WITHOUT_VALUES", `The dimension ${title} has no values.`, { title });

export const dimensionLimitReached = (plan: ProjectPlan): AppError =>
  new AppError(
    "DIMENSION_LIMIT_REACHED",
    `On the ${plan} plan a category asks for at most ${maxDimensionsPerCategory(plan)} dimensions.`,
    { plan, max: maxDimensionsPerCategory(plan) },
  );

const valueRow = (value: ValueInput) => ({ title: value.title, code: value.code, enabled: value.enabled });

/** A new dimension with its values (spec 5: a dimension without values is refused). Answers its id. */
export const createDimensionStep = async (
  step: Step,
  input: { title: string; values: readonly ValueInput[] },
): Promise<string> => {
  if (input.values.length === 0) throw dimensionWithoutValues(input.title);
  const dimension = await insertDimension(step.tx, { projectId: step.projectId, title: input.title, now: step.now });
  await insertValues(step.tx, step.projectId, dimension.id, input.values.map(valueRow), step.now);
  await audit(step, {
    action: "dimension.create",
    objectType: "dimension",
    objectId: dimension.id,
    data: { title: input.title, values: input.values.map((value) => value.title) },
  });
  return dimension.id;
};

/**
 * Patches a locked dimension: its title, and when `values` is given, its whole list of values: those with an id are
 * patched, those without are created, and live values left out are marked deleted (transactions keep them). A
 * list that leaves the dimension without values is refused.
 */
export const patchDimensionStep = async (
  step: Step,
  dimension: DimensionRecord,
  input: { title?: string | undefined; values?: readonly ValueInput[] | undefined },
): Promise<void> => {
  const title = input.title ?? dimension.title;
  const changed: Record<string, unknown> = {};
  if (title !== dimension.title) {
    await updateDimension(step.tx, step.projectId, dimension.id, { title, now: step.now });
    changed.title = { from: dimension.title, to: title };
  }
  if (input.values !== undefined) {
    if (input.values.length === 0) throw dimensionWithoutValues(title);
    const current = new Map(
      (await listLiveValues(step.tx, step.projectId, [dimension.id])).map((value) => [value.id, value]),
    );
    const unknown = input.values.flatMap((value) => (value.id && !current.has(value.id) ? [value.id] : []));
    if (unknown.length > 0) {
      throw new AppError("NOT_FOUND", "A value is not a value of this dimension.", { value_ids: unknown });
    }
    const renamed: string[] = [];
    for (const value of input.values) {
      const before = value.id ? current.get(value.id) : undefined;
      if (!before) continue;
      if (before.title !== value.title || before.code !== value.code || before.enabled !== value.enabled) {
        await updateValue(step.tx, step.projectId, dimension.id, before.id, { ...valueRow(value), now: step.now });
        renamed.push(before.id);
      }
    }
    const added = input.values.filter((value) => !value.id);
    await insertValues(step.tx, step.projectId, dimension.id, added.map(valueRow), step.now);
    const kept = new Set(input.values.flatMap((value) => (value.id ? [value.id] : [])));
    const removed = [...current.keys()].filter((id) => !kept.has(id));
    await deleteValues(step.tx, step.projectId, dimension.id, removed, step.now);
    if (renamed.length > 0) changed.changed_value_ids = renamed;
    if (added.length > 0) changed.added_values = added.map((value) => value.title);
    if (removed.length > 0) changed.removed_value_ids = removed;
  }
  if (Object.keys(changed).length === 0) return;
  await audit(step, { action: "dimension.patch", objectType: "dimension", objectId: dimension.id, data: changed });
};

/** Locks the live dimensions among `ids` of the caller's company; any other id is NOT_FOUND. */
export const lockDimensionsStep = async (step: Step, ids: readonly string[]): Promise<Map<string, DimensionRecord>> => {
  const unique = [...new Set(ids)];
  const rows = await findLiveDimensions(step.tx, step.projectId, unique, { lock: true });
  if (rows.length !== unique.length) throw dimensionNotFound();
  return new Map(rows.map((row) => [row.id, row]));
};

/**
 * The dimensions of a changeset, in order: existing ones (with an id) locked and patched, new ones created with
 * their values. Answers the dimension ids in the order given.
 */
export const applyDimensionChanges = async (step: Step, changes: readonly DimensionChange[]): Promise<string[]> => {
  const locked = await lockDimensionsStep(
    step,
    changes.flatMap((change) => (change.id ? [change.id] : [])),
  );
  const ids: string[] = [];
  for (const change of changes) {
    const existing = change.id ? locked.get(change.id) : undefined;
    if (existing) {
      await patchDimensionStep(step, existing, { title: change.title, values: change.values });
      ids.push(existing.id);
    } else {
      ids.push(await createDimensionStep(step, { title: change.title, values: change.values ?? [] }));
    }
  }
  return ids;
};

/**
 * Makes the category ask for exactly `after` (spec 4: removed dimensions unlinked, new ones linked). On the basic
 * plan a category asks for at most 3 dimensions: a change that adds one beyond that is refused; a category left
 * above the limit by a lower plan keeps what it has and may drop dimensions.
 */
export const setCategoryDimensionsStep = async (
  step: Step,
  category: CategoryRecord,
  before: readonly string[],
  after: readonly string[],
): Promise<{ added: string[]; removed: string[] }> => {
  const added = after.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !after.includes(id));
  if (added.length > 0) {
    const { plan } = await findAccountingSettings(step.tx, step.projectId);
    if (!dimensionCountAllowed(plan, after.length)) throw dimensionLimitReached(plan);
  }
  await deleteLinks(step.tx, step.projectId, category.id, removed);
  await insertLinks(step.tx, step.projectId, category.id, added, step.now);
  return { added, removed };
};

/** A default tax category must be a live, enabled tax category of the company (one already set may stay). */
export const assertUsableTaxStep = async (
  step: Step,
  id: string | null | undefined,
  current: string | null = null,
): Promise<void> => {
  if (!id || id === current) return;
  const [tax] = await findTaxCategories(step.tx, step.projectId, [id]);
  if (!tax) throw taxCategoryNotFound();
  if (!tax.enabled) {
    throw new AppError("VALIDATION_FAILED", "The tax category is disabled.", {
      issues: [{ path: "default_tax_category_id", code: "tax_category_disabled", message: "disabled" }],
    });
  }
};
