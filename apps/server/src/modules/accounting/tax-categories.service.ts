import { isUuid } from "@kort/core";
import { AppError } from "../../platform/errors.ts";
import { authorize } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import {
  type CreateTaxCategoryInput,
  createTaxCategorySchema,
  type PatchTaxCategoryInput,
  patchTaxCategorySchema,
  type TaxCategoryDto,
} from "./accounting.schemas.ts";
import { toTaxCategoryDto } from "./accounting.service.ts";
import { accountingSubject, authorizeOnProject, taxCategoryNotFound, taxCodeTaken } from "./accounting-access.ts";
import { type AccountingDeps, audit, runChange, type Step } from "./accounting-steps.ts";
import {
  insertTaxCategory,
  listTaxCategories,
  liveTaxCodeTaken,
  lockTaxCategory,
  type TaxCategoryRecord,
  taxCategoriesInUse,
  updateTaxCategory,
} from "./tax-categories.repo.ts";

/**
 * Tax categories (spec 3 and 6): every role reads them (tax-category read, project scope), owners manage them
 * (tax-category manage). One in use (on a transaction, or the default of a live category) cannot be deleted, only
 * disabled, and keeps the rate and Peppol code it was booked with.
 */

export const taxCategoryInUse = (): AppError =>
  new AppError(
    "TAX_CATEGORY_IN_USE",
    "The tax category is in use: it can be disabled, but not deleted or given another rate or Peppol code.",
  );

/** The company's live tax categories, enabled and disabled, highest rate first. */
export const listTaxCategoriesFor = async (deps: AccountingDeps, ctx: ProjectContext): Promise<TaxCategoryDto[]> => {
  authorizeOnProject(ctx, "tax-category", "read");
  const projectId = ctx.membership.projectId;
  const rows = await listTaxCategories(deps.db, projectId);
  const inUse = await taxCategoriesInUse(
    deps.db,
    projectId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toTaxCategoryDto(row, inUse.has(row.id)));
};

const dtoOf = async (step: Step, row: TaxCategoryRecord, deleted = false): Promise<TaxCategoryDto> => {
  const inUse = await taxCategoriesInUse(step.tx, step.projectId, [row.id]);
  return toTaxCategoryDto(row, inUse.has(row.id), deleted);
};

const lockTaxStep = async (step: Step, id: string): Promise<TaxCategoryRecord> => {
  const row = isUuid(id) ? await lockTaxCategory(step.tx, step.projectId, id) : null;
  if (!row) throw taxCategoryNotFound();
  authorize(step.ctx, "tax-category", "manage", accountingSubject({ projectId: step.projectId }));
  return row;
};

export const createTaxCategory = async (
  deps: AccountingDeps,
  ctx: ProjectContext,
  input: CreateTaxCategoryInput,
): Promise<TaxCategoryDto> => {
  authorizeOnProject(ctx, "tax-category", "manage");
  const args = createTaxCategorySchema.parse(input);
  return runChange(deps, ctx, args.code, async (step) => {
    if (await liveTaxCodeTaken(step.tx, step.projectId, args.code)) throw taxCodeTaken(args.code);
    const row = await insertTaxCategory(step.tx, {
      projectId: step.projectId,
      code: args.code,
      peppolCode: args.peppol_code,
      basisPoints: args.percentage,
      enabled: args.enabled,
      now: step.now,
    });
    await audit(step, {
      action: "tax_category.create",
      objectType: "tax_category",
      objectId: row.id,
      data: { code: row.code, peppol_code: row.peppolCode, basis_points: row.basisPoints, enabled: row.enabled },
    });
    return dtoOf(step, row);
  });
};

/** Code, Peppol code, percentage and enabled; a tax category in use may only be enabled or disabled. */
export const patchTaxCategory = async (
  deps: AccountingDeps,
  ctx: ProjectContext,
  input: PatchTaxCategoryInput,
): Promise<TaxCategoryDto> => {
  authorizeOnProject(ctx, "tax-category", "manage");
  const args = patchTaxCategorySchema.parse(input);
  return runChange(deps, ctx, args.code, async (step) => {
    const row = await lockTaxStep(step, args.id);
    const next: TaxCategoryRecord = {
      ...row,
      code: args.code ?? row.code,
      peppolCode: args.peppol_code ?? row.peppolCode,
      basisPoints: args.percentage ?? row.basisPoints,
      enabled: args.enabled ?? row.enabled,
      updatedAt: step.now,
    };
    const booked = next.code !== row.code || next.peppolCode !== row.peppolCode || next.basisPoints !== row.basisPoints;
    if (booked && (await taxCategoriesInUse(step.tx, step.projectId, [row.id])).has(row.id)) throw taxCategoryInUse();
    if (next.code !== row.code && (await liveTaxCodeTaken(step.tx, step.projectId, next.code, row.id))) {
      throw taxCodeTaken(next.code);
    }
    await updateTaxCategory(step.tx, step.projectId, row.id, {
      code: next.code,
      peppolCode: next.peppolCode,
      basisPoints: next.basisPoints,
      enabled: next.enabled,
      now: step.now,
    });
    await audit(step, {
      action: "tax_category.patch",
      objectType: "tax_category",
      objectId: row.id,
      data: {
        from: { code: row.code, peppol_code: row.peppolCode, basis_points: row.basisPoints, enabled: row.enabled },
        to: { code: next.code, peppol_code: next.peppolCode, basis_points: next.basisPoints, enabled: next.enabled },
      },
    });
    return dtoOf(step, next);
  });
};

/** Marks an unused tax category deleted (the zero date in the answer); one in use is TAX_CATEGORY_IN_USE. */
export const deleteTaxCategory = async (
  deps: AccountingDeps,
  ctx: ProjectContext,
  input: { id: string },
): Promise<TaxCategoryDto> => {
  authorizeOnProject(ctx, "tax-category", "manage");
  return runChange(deps, ctx, undefined, async (step) => {
    const row = await lockTaxStep(step, input.id);
    if ((await taxCategoriesInUse(step.tx, step.projectId, [row.id])).has(row.id)) throw taxCategoryInUse();
    await updateTaxCategory(step.tx, step.projectId, row.id, { deletedAt: step.now, enabled: false, now: step.now });
    await audit(step, {
      action: "tax_category.delete",
      objectType: "tax_category",
      objectId: row.id,
      data: { code: row.code, basis_points: row.basisPoints },
    });
    return toTaxCategoryDto({ ...row, enabled: false, updatedAt: step.now }, false, true);
  });
};
