import { basisPointsToPercentage, DEFAULT_TAX_CATEGORIES, DELETED_AT_MARKER, isUuid } from "@kort/core";
import type { Db, Executor } from "../../platform/db/client.ts";
import { authorize } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { type ListScope, listScope } from "../../platform/http/list-scope.ts";
import {
  type CategoryFilter,
  type CategoryRecord,
  findLiveCategories,
  insertCategory,
  listCategories,
  liveCategoryCodeTaken,
  updateCategory,
} from "./accounting.repo.ts";
import {
  CATEGORY_PAGE_SIZE,
  type CategoriesArgs,
  type CategoryDto,
  type CategoryPageDto,
  categoriesArgsSchema,
  type DimensionDto,
  type DimensionPageDto,
  type DimensionsArgs,
  dimensionsArgsSchema,
  type TaxCategoryDto,
  type TransactionCategoriesArgs,
  transactionCategoriesArgsSchema,
} from "./accounting.schemas.ts";
import { categoryCodeTaken, categoryNotFound } from "./accounting-access.ts";
import {
  type DimensionRecord,
  findLiveDimensions,
  listDimensions,
  listLinks,
  listLiveValues,
} from "./dimensions.repo.ts";
import {
  findTaxCategories,
  insertMissingTaxCategories,
  type TaxCategoryRecord,
  taxCategoriesInUse,
} from "./tax-categories.repo.ts";

/** Spec 3: a deleted record shows the zero date; the database keeps the real instant for the audit. */
export const DELETED_AT = new Date(DELETED_AT_MARKER);
const deletedAt = (at: Date | null | undefined): Date | null => (at ? DELETED_AT : null);

export const toTaxCategoryDto = (row: TaxCategoryRecord, inUse: boolean, deleted = false): TaxCategoryDto => ({
  id: row.id,
  code: row.code,
  peppol_code: row.peppolCode,
  percentage: basisPointsToPercentage(row.basisPoints),
  enabled: row.enabled,
  in_use: inUse,
  deleted_at: deleted ? DELETED_AT : null,
});

/** Dimensions with their live values, as the API shows them (two queries, whatever the number of dimensions). */
export const toDimensionDtos = async (
  db: Executor,
  projectId: string,
  rows: readonly DimensionRecord[],
): Promise<DimensionDto[]> => {
  const values = await listLiveValues(
    db,
    projectId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    values: values
      .filter((value) => value.dimensionId === row.id)
      .map((value) => ({
        id: value.id,
        title: value.title,
        code: value.code,
        enabled: value.enabled,
        deleted_at: null,
      })),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    deleted_at: null,
  }));
};

/**
 * Categories as the API shows them, with their default tax category and the dimensions (with values) they ask
 * for: a fixed number of queries for a page of any size.
 */
export const toCategoryDtos = async (
  db: Executor,
  projectId: string,
  rows: readonly CategoryRecord[],
): Promise<CategoryDto[]> => {
  const links = await listLinks(
    db,
    projectId,
    rows.map((row) => row.id),
  );
  const dimensionIds = [...new Set(links.map((link) => link.dimensionId))];
  const taxIds = [...new Set(rows.flatMap((row) => (row.defaultTaxCategoryId ? [row.defaultTaxCategoryId] : [])))];
  // One after another: `db` is often a change's transaction, whose one connection answers one query at a time.
  const dimensionRows = await findLiveDimensions(db, projectId, dimensionIds);
  const taxRows = await findTaxCategories(db, projectId, taxIds);
  const inUse = await taxCategoriesInUse(db, projectId, taxIds);
  const dimensions = new Map((await toDimensionDtos(db, projectId, dimensionRows)).map((d) => [d.id, d]));
  const taxes = new Map(taxRows.map((row) => [row.id, toTaxCategoryDto(row, inUse.has(row.id))]));
  return rows.map((row) => {
    const ids = links.filter((link) => link.categoryId === row.id).map((link) => link.dimensionId);
    return {
      id: row.id,
      title: row.title,
      code: row.code,
      enabled: row.enabled,
      group: row.group,
      default_tax_category_id: row.defaultTaxCategoryId,
      default_tax_category: row.defaultTaxCategoryId ? (taxes.get(row.defaultTaxCategoryId) ?? null) : null,
      sub_group_ids: ids,
      subgroup_ids: ids,
      dimensions: ids.flatMap((id) => dimensions.get(id) ?? []),
      created_at: row.createdAt,
      updated_at: row.updatedAt,
      deleted_at: deletedAt(row.deletedAt),
    };
  });
};

/**
 * A page of the categories a list scope of category read reaches: the whole project for owners and accountants, the
 * categories their teams use for team admins and employees (spec 6: category read in team scope).
 */
const categoryPage = async (
  db: Db,
  ctx: ProjectContext,
  scope: ListScope,
  args: { search?: string | null; page?: number | null; limit?: number | null },
  narrow: Pick<CategoryFilter, "group" | "enabledOnly">,
): Promise<CategoryPageDto> => {
  if (scope.kind === "own") return { nodes: [], count: 0 };
  const limit = args.limit ?? CATEGORY_PAGE_SIZE;
  const projectId = ctx.membership.projectId;
  const { rows, count } = await listCategories(
    db,
    projectId,
    { ...narrow, search: args.search || undefined, teamIds: scope.kind === "team" ? scope.teamIds : undefined },
    { offset: ((args.page ?? 1) - 1) * limit, limit },
  );
  return { nodes: await toCategoryDtos(db, projectId, rows), count };
};

/** Spec 7, categories: those the caller may read (the policy is asked before the input is read). */
export const listCategoriesFor = async (
  db: Db,
  ctx: ProjectContext,
  input: CategoriesArgs,
): Promise<CategoryPageDto> => {
  const scope = listScope(ctx, "category", "read");
  const args = categoriesArgsSchema.parse(input);
  return categoryPage(db, ctx, scope, args, { group: args.group ?? undefined });
};

/**
 * Spec 7, `GET /transactions/categories`: what the caller may give a transaction, the choices the server accepts
 * (`usableCategory` in the transactions module): live, enabled Default categories of the caller's reach.
 */
export const categoriesForTransactions = async (
  db: Db,
  ctx: ProjectContext,
  input: TransactionCategoriesArgs,
): Promise<CategoryPageDto> => {
  const scope = listScope(ctx, "category", "read");
  const args = transactionCategoriesArgsSchema.parse(input);
  return categoryPage(db, ctx, scope, args, { group: "Default", enabledOnly: true });
};

/** One live category the caller may read (the same reach as the list), else NOT_FOUND. */
export const getCategoryFor = async (db: Db, ctx: ProjectContext, id: string): Promise<CategoryDto> => {
  const scope = listScope(ctx, "category", "read");
  if (scope.kind === "own" || !isUuid(id)) throw categoryNotFound();
  const projectId = ctx.membership.projectId;
  const { rows } = await listCategories(
    db,
    projectId,
    { ids: [id], teamIds: scope.kind === "team" ? scope.teamIds : undefined },
    { offset: 0, limit: 1 },
  );
  const [category] = await toCategoryDtos(db, projectId, rows);
  if (!category) throw categoryNotFound();
  return category;
};

/**
 * The company's live dimensions with their values (category read-groups, project scope for every role that holds
 * it), 200 to a page in Icelandic order.
 */
export const listDimensionsFor = async (
  db: Db,
  ctx: ProjectContext,
  input: DimensionsArgs,
): Promise<DimensionPageDto> => {
  const projectId = ctx.membership.projectId;
  authorize(ctx, "category", "read-groups", { project_id: projectId });
  const args = dimensionsArgsSchema.parse(input);
  const limit = args.limit ?? CATEGORY_PAGE_SIZE;
  const { rows, count } = await listDimensions(
    db,
    projectId,
    { search: args.search || undefined },
    { offset: ((args.page ?? 1) - 1) * limit, limit },
  );
  return { nodes: await toDimensionDtos(db, projectId, rows), count };
};

/** The project's live categories among `ids`, for other modules that take category ids from a caller. */
export const findProjectCategories = (db: Executor, projectId: string, ids: readonly string[]) =>
  findLiveCategories(db, projectId, ids);

/** Every company starts with Icelandic VAT: 24% and 11% (Peppol S) and 0% (Peppol Z). Codes it has are kept. */
export const seedTaxCategories = (tx: Executor, input: { projectId: string; now: Date }): Promise<void> =>
  insertMissingTaxCategories(
    tx,
    input.projectId,
    DEFAULT_TAX_CATEGORIES.map((tax) => ({
      code: tax.code,
      peppolCode: tax.peppol_code,
      basisPoints: tax.basis_points,
    })),
    input.now,
  );

/**
 * A team's own category (spec 4): group Team, enabled, title = the team's name, code = its account code. The code
 * is unique among the company's live categories, the chart's included (CATEGORY_CODE_TAKEN).
 */
export const createTeamCategory = async (
  tx: Executor,
  input: { projectId: string; teamName: string; accountCode: string; now: Date },
): Promise<CategoryRecord> => {
  if (await liveCategoryCodeTaken(tx, input.projectId, input.accountCode)) throw categoryCodeTaken(input.accountCode);
  return insertCategory(tx, {
    projectId: input.projectId,
    title: input.teamName,
    code: input.accountCode,
    group: "Team",
    now: input.now,
  });
};

/**
 * Keeps a team's category in step with its team: the title follows the name and the code the account code.
 * The rule that a code is fixed after creation is for the accountant's chart; a Team category mirrors its team.
 */
export const syncTeamCategory = async (
  tx: Executor,
  input: { projectId: string; categoryId: string; teamName?: string; accountCode?: string; now: Date },
): Promise<void> => {
  if (
    input.accountCode !== undefined &&
    (await liveCategoryCodeTaken(tx, input.projectId, input.accountCode, input.categoryId))
  ) {
    throw categoryCodeTaken(input.accountCode);
  }
  await updateCategory(tx, input.projectId, input.categoryId, {
    title: input.teamName,
    code: input.accountCode,
    now: input.now,
  });
};

/** A deleted team's category is archived with it; transactions keep pointing at it for history. */
export const archiveTeamCategory = (tx: Executor, input: { projectId: string; categoryId: string; now: Date }) =>
  updateCategory(tx, input.projectId, input.categoryId, { enabled: false, deletedAt: input.now, now: input.now });
