import { authorize } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import {
  type CategoryRecord,
  insertCategory,
  liveCategoryCodeTaken,
  lockLiveCategories,
  updateCategory,
} from "./accounting.repo.ts";
import {
  bulkDeleteCategoriesSchema,
  type CategoryDto,
  type ChangesetInput,
  type CreateCategoryInput,
  changesetSchema,
  createCategorySchema,
  type DimensionChange,
  linkSchema,
  type PatchCategoryInput,
  patchCategorySchema,
} from "./accounting.schemas.ts";
import { toCategoryDtos } from "./accounting.service.ts";
import {
  accountingSubject,
  authorizeOnProject,
  categoryCodeTaken,
  categoryNotFound,
  teamCategoryReadOnly,
} from "./accounting-access.ts";
import {
  type AccountingDeps,
  applyDimensionChanges,
  assertUsableTaxStep,
  audit,
  lockDimensionsStep,
  runChange,
  type Step,
  setCategoryDimensionsStep,
} from "./accounting-steps.ts";
import { deleteLinks, listLinks } from "./dimensions.repo.ts";

/**
 * Spec 7, the category calls: create, patch, bulk delete, link and unlink, each on its own; and "apply changeset",
 * the create, edit and archive sequences of spec 4 each as one operation. Every one asks the policy (category manage)
 * about the caller's company before it parses or looks anything up, then with each category as loaded, and runs in
 * one transaction with its audit rows: a failure at any step leaves nothing half made.
 */

/**
 * Locks live categories of the caller's company, then asks the policy with them as loaded (their project); any
 * other id, another company's included, is NOT_FOUND.
 */
const lockCategoriesStep = async (step: Step, ids: readonly string[]): Promise<CategoryRecord[]> => {
  const rows = await lockLiveCategories(step.tx, step.projectId, ids);
  if (rows.length !== new Set(ids).size) throw categoryNotFound();
  authorize(step.ctx, "category", "manage", accountingSubject({ projectId: step.projectId }));
  return rows;
};

const lockCategoryStep = async (step: Step, id: string): Promise<CategoryRecord> => {
  const [row] = await lockCategoriesStep(step, [id]);
  if (!row) throw categoryNotFound();
  return row;
};

const linkedDimensions = async (step: Step, categoryId: string): Promise<string[]> =>
  (await listLinks(step.tx, step.projectId, [categoryId])).map((link) => link.dimensionId);

/** The category as it is now, inside the change's transaction. */
const dtoOf = async (step: Step, id: string): Promise<CategoryDto> => {
  const [row] = await lockLiveCategories(step.tx, step.projectId, [id]);
  if (!row) throw categoryNotFound();
  const [dto] = await toCategoryDtos(step.tx, step.projectId, [row]);
  if (!dto) throw categoryNotFound();
  return dto;
};

type NewCategory = {
  title: string;
  code: string;
  enabled: boolean;
  defaultTaxCategoryId: string | null | undefined;
  /** Existing dimensions to link, or the changeset's dimensions (existing ones patched, new ones created). */
  dimensions: readonly DimensionChange[] | readonly string[];
};

const isChangeList = (list: NewCategory["dimensions"]): list is readonly DimensionChange[] =>
  list.some((item) => typeof item !== "string");

/**
 * Spec 4, category create: the new dimensions and their values are created and the existing ones updated, then the
 * category is created and linked to its dimensions. A code another live category of the company has (team
 * categories included) is CATEGORY_CODE_TAKEN, found here or, in a race, by the unique index.
 */
const createCategoryStep = async (step: Step, input: NewCategory): Promise<CategoryRecord> => {
  const dimensionIds = isChangeList(input.dimensions)
    ? await applyDimensionChanges(step, input.dimensions)
    : [...(await lockDimensionsStep(step, input.dimensions as readonly string[])).keys()];
  await assertUsableTaxStep(step, input.defaultTaxCategoryId);
  if (await liveCategoryCodeTaken(step.tx, step.projectId, input.code)) throw categoryCodeTaken(input.code);
  const category = await insertCategory(step.tx, {
    projectId: step.projectId,
    title: input.title,
    code: input.code,
    group: "Default",
    enabled: input.enabled,
    defaultTaxCategoryId: input.defaultTaxCategoryId ?? null,
    now: step.now,
  });
  await setCategoryDimensionsStep(step, category, [], dimensionIds);
  await audit(step, {
    action: "category.create",
    objectType: "category",
    objectId: category.id,
    data: {
      title: input.title,
      code: input.code,
      enabled: input.enabled,
      default_tax_category_id: input.defaultTaxCategoryId ?? null,
      dimension_ids: dimensionIds,
    },
  });
  return category;
};

type CategoryEdit = {
  title?: string | undefined;
  enabled?: boolean | undefined;
  /** Absent leaves it; null clears it. */
  defaultTaxCategoryId?: string | null | undefined;
  /** The whole list after the change; absent leaves the links as they are. */
  dimensions?: readonly DimensionChange[] | readonly string[] | undefined;
};

/**
 * Spec 4, category edit: removed dimensions are unlinked, the kept ones' titles and values patched, new ones
 * created, and finally the category is updated with its whole list of dimensions. A team's category follows its
 * team: its title is not changed here (TEAM_CATEGORY_READ_ONLY); its tax default, enabled and dimensions may be.
 */
const editCategoryStep = async (step: Step, category: CategoryRecord, edit: CategoryEdit): Promise<void> => {
  if (category.group === "Team" && edit.title !== undefined && edit.title !== category.title) {
    throw teamCategoryReadOnly();
  }
  const before = await linkedDimensions(step, category.id);
  let links: { added: string[]; removed: string[] } | undefined;
  if (edit.dimensions !== undefined) {
    const list = edit.dimensions;
    const keptIds = new Set(isChangeList(list) ? list.flatMap((d) => (d.id ? [d.id] : [])) : list);
    await deleteLinks(
      step.tx,
      step.projectId,
      category.id,
      before.filter((id) => !keptIds.has(id)),
    );
    const after = isChangeList(list)
      ? await applyDimensionChanges(step, list)
      : [...(await lockDimensionsStep(step, list as readonly string[])).keys()];
    const kept = before.filter((id) => keptIds.has(id));
    links = await setCategoryDimensionsStep(step, category, kept, after);
    links.removed = before.filter((id) => !keptIds.has(id));
  }
  await assertUsableTaxStep(step, edit.defaultTaxCategoryId, category.defaultTaxCategoryId);
  await updateCategory(step.tx, step.projectId, category.id, {
    title: edit.title,
    enabled: edit.enabled,
    defaultTaxCategoryId: edit.defaultTaxCategoryId,
    now: step.now,
  });
  await audit(step, {
    action: "category.patch",
    objectType: "category",
    objectId: category.id,
    data: {
      title: edit.title,
      previous_title: category.title,
      enabled: edit.enabled,
      default_tax_category_id: edit.defaultTaxCategoryId,
      linked: links?.added,
      unlinked: links?.removed,
    },
  });
};

/** Archives categories (the bulk delete of spec 7): marked deleted and disabled; transactions keep them. */
const archiveCategoriesStep = async (
  step: Step,
  categories: readonly CategoryRecord[],
  options: { unlink: boolean },
): Promise<CategoryRecord[]> => {
  if (categories.some((category) => category.group === "Team")) throw teamCategoryReadOnly();
  const archived: CategoryRecord[] = [];
  for (const category of categories) {
    // Spec 4, archive: every sub-group is unlinked first, then the category is deleted.
    const unlinked = options.unlink ? await linkedDimensions(step, category.id) : [];
    if (options.unlink) await deleteLinks(step.tx, step.projectId, category.id, "all");
    await updateCategory(step.tx, step.projectId, category.id, {
      enabled: false,
      deletedAt: step.now,
      now: step.now,
    });
    await audit(step, {
      action: "category.archive",
      objectType: "category",
      objectId: category.id,
      data: { title: category.title, code: category.code, unlinked },
    });
    archived.push({ ...category, enabled: false, deletedAt: step.now, updatedAt: step.now });
  }
  return archived;
};

/** `create_category`: a plain category of the chart, optionally asking for existing dimensions. */
export const createCategory = async (
  deps: AccountingDeps,
  ctx: ProjectContext,
  input: CreateCategoryInput,
): Promise<CategoryDto> => {
  authorizeOnProject(ctx, "category", "manage");
  const args = createCategorySchema.parse(input);
  return runChange(deps, ctx, args.code, async (step) => {
    const category = await createCategoryStep(step, {
      title: args.title,
      code: args.code,
      enabled: args.enabled,
      defaultTaxCategoryId: args.default_tax_category_id,
      dimensions: args.subgroup_ids ?? [],
    });
    return dtoOf(step, category.id);
  });
};

/** `patch_category`: title, enabled, default tax category and the whole list of sub-groups; never the code. */
export const patchCategory = async (
  deps: AccountingDeps,
  ctx: ProjectContext,
  input: PatchCategoryInput,
): Promise<CategoryDto> => {
  authorizeOnProject(ctx, "category", "manage");
  const args = patchCategorySchema.parse(input);
  return runChange(deps, ctx, undefined, async (step) => {
    const category = await lockCategoryStep(step, args.id);
    await editCategoryStep(step, category, {
      title: args.title,
      enabled: args.enabled,
      defaultTaxCategoryId: args.default_tax_category_id,
      dimensions: args.subgroup_ids,
    });
    return dtoOf(step, category.id);
  });
};

/** `bulk_delete_categories`: archives each; answers them with the spec's zero date as `deleted_at`. */
export const bulkDeleteCategories = async (
  deps: AccountingDeps,
  ctx: ProjectContext,
  input: { ids?: unknown },
): Promise<CategoryDto[]> => {
  authorizeOnProject(ctx, "category", "manage");
  const args = bulkDeleteCategoriesSchema.parse(input);
  return runChange(deps, ctx, undefined, async (step) => {
    const categories = await lockCategoriesStep(step, args.ids);
    const archived = await archiveCategoriesStep(step, categories, { unlink: false });
    return toCategoryDtos(step.tx, step.projectId, archived);
  });
};

/** `link_category_group` / `unlink_category_group`: one dimension more or less for a category. */
export const linkCategoryGroup = async (
  deps: AccountingDeps,
  ctx: ProjectContext,
  input: { category_id?: unknown; group_id?: unknown },
  link: boolean,
): Promise<CategoryDto> => {
  authorizeOnProject(ctx, "category", "manage");
  const args = linkSchema.parse(input);
  return runChange(deps, ctx, undefined, async (step) => {
    const category = await lockCategoryStep(step, args.category_id);
    const before = await linkedDimensions(step, category.id);
    if (link) await lockDimensionsStep(step, [args.group_id]);
    const after = link ? [...new Set([...before, args.group_id])] : before.filter((id) => id !== args.group_id);
    if (after.length !== before.length) {
      await setCategoryDimensionsStep(step, category, before, after);
      await audit(step, {
        action: link ? "category.link" : "category.unlink",
        objectType: "category",
        objectId: category.id,
        data: { group_id: args.group_id },
      });
    }
    return dtoOf(step, category.id);
  });
};

/**
 * `apply_category_changeset` (spec 7): CREATE, EDIT or ARCHIVE as one operation in one transaction. It answers the
 * category as it is after the change; an archived one carries the zero date as `deleted_at`.
 */
export const applyCategoryChangeset = async (
  deps: AccountingDeps,
  ctx: ProjectContext,
  input: ChangesetInput,
): Promise<CategoryDto> => {
  authorizeOnProject(ctx, "category", "manage");
  const args = changesetSchema.parse(input);
  return runChange(deps, ctx, args.code, async (step) => {
    if (args.kind === "CREATE") {
      const category = await createCategoryStep(step, {
        title: args.title ?? "",
        code: args.code ?? "",
        enabled: args.enabled ?? true,
        defaultTaxCategoryId: args.default_tax_category_id,
        dimensions: args.dimensions ?? [],
      });
      return dtoOf(step, category.id);
    }
    const category = await lockCategoryStep(step, args.category_id ?? "");
    if (args.kind === "ARCHIVE") {
      const archived = await archiveCategoriesStep(step, [category], { unlink: true });
      const [dto] = await toCategoryDtos(step.tx, step.projectId, archived);
      if (!dto) throw categoryNotFound();
      return dto;
    }
    await editCategoryStep(step, category, {
      title: args.title,
      enabled: args.enabled,
      defaultTaxCategoryId: args.default_tax_category_id,
      dimensions: args.dimensions,
    });
    return dtoOf(step, category.id);
  });
};
