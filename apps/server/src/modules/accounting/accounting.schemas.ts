import {
  ACCOUNTING_PAGE_SIZE,
  CAPTURE_TOLERANCE_MINIMUM_MAX,
  CAPTURE_TOLERANCE_PERCENT_MAX,
  CATEGORY_GROUPS,
  categoryCodeSchema,
  categoryTitleSchema,
  DIMENSION_VALUES_MAX,
  dimensionTitleSchema,
  dimensionValueCodeSchema,
  dimensionValueTitleSchema,
  PEPPOL_TAX_CODES,
  PROJECT_PLANS,
  RECEIPT_MISSING_DAYS_MAX,
  taxPercentageSchema,
  VALIDATION_MESSAGES,
} from "@kort/core";
import { z } from "zod";
import { TOLERANCE_KINDS, type ToleranceKind } from "../processor/capture-tolerance.ts";

/** Spec 9: categories, dimensions and dimension values are listed 200 to a page. */
export const CATEGORY_PAGE_SIZE = ACCOUNTING_PAGE_SIZE;

/** A change may name at most this many categories or dimensions at once (bulk delete, a changeset). */
export const MAX_IDS_PER_CHANGE = 200;

// ---- What leaves the server (whitelists) ----

/** Spec 3, Tax category: code, peppol_code, percentage (0 to 100, two decimals at most), plus enabled and in_use. */
export const taxCategorySchema = z.object({
  id: z.uuid(),
  code: z.string(),
  peppol_code: z.enum(PEPPOL_TAX_CODES),
  percentage: z.number(),
  enabled: z.boolean(),
  in_use: z.boolean(),
  deleted_at: z.date().nullable(),
});
export type TaxCategoryDto = z.output<typeof taxCategorySchema>;

/** Spec 3: each value of a dimension is shown as a category with title, optional code and enabled. */
export const dimensionValueSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  code: z.string().nullable(),
  enabled: z.boolean(),
  deleted_at: z.date().nullable(),
});
export type DimensionValueDto = z.output<typeof dimensionValueSchema>;

/** Spec 3, Dimension (category group): id, title, values. */
export const dimensionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  values: z.array(dimensionValueSchema),
  created_at: z.date(),
  updated_at: z.date(),
  deleted_at: z.date().nullable(),
});
export type DimensionDto = z.output<typeof dimensionSchema>;

/**
 * Spec 3, Category: id, title, code, enabled, sub_group_ids / subgroup_ids (both spellings of the spec),
 * default_tax_category(_id), group, created_at, updated_at; with the dimensions it asks for. `deleted_at` is the
 * spec's zero date on an archived category and null on a live one.
 */
export const categorySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  code: z.string(),
  enabled: z.boolean(),
  group: z.enum(CATEGORY_GROUPS),
  default_tax_category_id: z.uuid().nullable(),
  default_tax_category: taxCategorySchema.nullable(),
  sub_group_ids: z.array(z.uuid()),
  subgroup_ids: z.array(z.uuid()),
  dimensions: z.array(dimensionSchema),
  created_at: z.date(),
  updated_at: z.date(),
  deleted_at: z.date().nullable(),
});
export type CategoryDto = z.output<typeof categorySchema>;

export const categoryPageSchema = z.object({ nodes: z.array(categorySchema), count: z.int() });
export type CategoryPageDto = z.output<typeof categoryPageSchema>;

export type DimensionPageDto = { nodes: DimensionDto[]; count: number };

export type AccountingSettingsDto = {
  plan: (typeof PROJECT_PLANS)[number];
  max_dimensions_per_category: number | null;
  can_change_plan: boolean;
  /** Spec 5: days a purchase may wait for its receipt before MissingReceipt. */
  receipt_missing_days: number;
  can_change_receipt_rule: boolean;
  /**
   * Issue 13: how far a clearing may exceed its authorization (the larger of percent and minimum ISK) before the
   * transaction is flagged and the card locked for review: the general one, then fuel's and hotels', in that order.
   */
  capture_tolerances: { kind: ToleranceKind; percent: number; minimum: number }[];
  can_change_capture_tolerance: boolean;
};

// ---- What comes in ----

const page = {
  page: z.int().min(1).nullish(),
  limit: z.int().min(1).max(CATEGORY_PAGE_SIZE).nullish(),
};

/** The `categories` query's filters: by group, a search in title and code, and a page of at most 200. */
export const categoriesArgsSchema = z.object({
  group: z.enum(CATEGORY_GROUPS).nullish(),
  search: z.string().trim().max(200).nullish(),
  ...page,
});
export type CategoriesArgs = z.input<typeof categoriesArgsSchema>;

/** `GET /v1/transactions/categories`: a query string, so its numbers are read from text. */
export const transactionCategoriesArgsSchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(CATEGORY_PAGE_SIZE).optional(),
});
export type TransactionCategoriesArgs = z.input<typeof transactionCategoriesArgsSchema>;

export const dimensionsArgsSchema = z.object({ search: z.string().trim().max(200).nullish(), ...page });
export type DimensionsArgs = z.input<typeof dimensionsArgsSchema>;

const nullToUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** A list of ids, without repeats; null or absent is none. */
const idList = z
  .array(z.uuid())
  .max(MAX_IDS_PER_CHANGE)
  .nullish()
  .transform((ids) => (ids ? [...new Set(ids)] : undefined));

/** A dimension value as the panel sends it: with its id when it exists, without one when it is new. */
const valueInputSchema = z.object({
  id: z.uuid().nullish().transform(nullToUndefined),
  title: dimensionValueTitleSchema,
  code: dimensionValueCodeSchema.nullish().transform((code) => (code ? code : null)),
  enabled: z
    .boolean()
    .nullish()
    .transform((enabled) => enabled ?? true),
});
export type ValueInput = z.output<typeof valueInputSchema>;

/** Values of one dimension: trimmed names, each at most once (regardless of case). */
const valuesSchema = z
  .array(valueInputSchema)
  .max(DIMENSION_VALUES_MAX)
  .superRefine((values, ctx) => {
    const seen = new Set<string>();
    for (const [index, value] of values.entries()) {
      const key = value.title.toLocaleLowerCase("is");
      if (seen.has(key))
        ctx.addIssue({ code: "custom", path: [index, "title"], message: VALIDATION_MESSAGES.duplicate });
      seen.add(key);
    }
  });

/**
 * A dimension of a category in a changeset: an existing one (with its id; its title and values are patched) or a
 * new one (no id; the browser's temporary id stays in the browser). `values` null or absent leaves an existing
 * dimension's values as they are; a new dimension needs at least one (DIMENSION_WITHOUT_VALUES).
 */
const dimensionChangeSchema = z.object({
  id: z.uuid().nullish().transform(nullToUndefined),
  title: dimensionTitleSchema,
  values: valuesSchema.nullish().transform(nullToUndefined),
});
export type DimensionChange = z.output<typeof dimensionChangeSchema>;

export const categoryIdSchema = z.object({ id: z.uuid() });

export const createCategorySchema = z.object({
  title: categoryTitleSchema,
  code: categoryCodeSchema,
  enabled: z
    .boolean()
    .nullish()
    .transform((enabled) => enabled ?? true),
  default_tax_category_id: z.uuid().nullish().transform(nullToUndefined),
  subgroup_ids: idList,
});
export type CreateCategoryInput = { [K in keyof z.input<typeof createCategorySchema>]?: unknown };

/** Absent leaves a field as it is; `default_tax_category_id: null` clears the default. The code never changes. */
export const patchCategorySchema = z.object({
  id: z.uuid(),
  title: categoryTitleSchema.nullish().transform(nullToUndefined),
  enabled: z.boolean().nullish().transform(nullToUndefined),
  default_tax_category_id: z.uuid().nullish(),
  subgroup_ids: idList,
});
export type PatchCategoryInput = { [K in keyof z.input<typeof patchCategorySchema>]?: unknown };

export const bulkDeleteCategoriesSchema = z.object({
  ids: z
    .array(z.uuid())
    .min(1)
    .max(MAX_IDS_PER_CHANGE)
    .transform((ids) => [...new Set(ids)]),
});

export const createDimensionSchema = z.object({
  title: dimensionTitleSchema,
  values: valuesSchema.nullish().transform((values) => values ?? []),
});

export const patchDimensionSchema = z.object({
  id: z.uuid(),
  title: dimensionTitleSchema.nullish().transform(nullToUndefined),
  values: valuesSchema.nullish().transform(nullToUndefined),
});

export const linkSchema = z.object({ category_id: z.uuid(), group_id: z.uuid() });

export const CHANGESET_KINDS = ["CREATE", "EDIT", "ARCHIVE"] as const;
export type ChangesetKind = (typeof CHANGESET_KINDS)[number];

/**
 * Spec 7's "apply changeset": the create, edit or archive sequence of spec 4 as one operation. CREATE needs title and
 * code; EDIT and ARCHIVE need category_id, and EDIT takes no code (it is fixed). `dimensions` is the category's whole
 * list of dimensions after the change; absent on EDIT leaves them as they are.
 */
export const changesetSchema = z
  .object({
    kind: z.enum(CHANGESET_KINDS),
    category_id: z.uuid().nullish().transform(nullToUndefined),
    title: categoryTitleSchema.nullish().transform(nullToUndefined),
    code: categoryCodeSchema.nullish().transform(nullToUndefined),
    enabled: z.boolean().nullish().transform(nullToUndefined),
    default_tax_category_id: z.uuid().nullish(),
    dimensions: z.array(dimensionChangeSchema).max(MAX_IDS_PER_CHANGE).nullish().transform(nullToUndefined),
  })
  .superRefine((input, ctx) => {
    const required = (path: string) =>
      ctx.addIssue({ code: "custom", path: [path], message: VALIDATION_MESSAGES.required });
    if (input.kind === "CREATE") {
      if (input.title === undefined) required("title");
      if (input.code === undefined) required("code");
    } else if (input.category_id === undefined) {
      required("category_id");
    }
    if (input.kind === "EDIT" && input.code !== undefined) {
      ctx.addIssue({ code: "custom", path: ["code"], message: "code_fixed" });
    }
    const ids = (input.dimensions ?? []).flatMap((dimension) => (dimension.id ? [dimension.id] : []));
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: "custom", path: ["dimensions"], message: VALIDATION_MESSAGES.duplicate });
    }
  });
export type ChangesetInput = { [K in keyof z.input<typeof changesetSchema>]?: unknown };

export const createTaxCategorySchema = z.object({
  code: categoryCodeSchema,
  peppol_code: z.enum(PEPPOL_TAX_CODES),
  percentage: taxPercentageSchema,
  enabled: z
    .boolean()
    .nullish()
    .transform((enabled) => enabled ?? true),
});
export type CreateTaxCategoryInput = { [K in keyof z.input<typeof createTaxCategorySchema>]?: unknown };

export const patchTaxCategorySchema = z.object({
  id: z.uuid(),
  code: categoryCodeSchema.nullish().transform(nullToUndefined),
  peppol_code: z.enum(PEPPOL_TAX_CODES).nullish().transform(nullToUndefined),
  percentage: taxPercentageSchema.nullish().transform(nullToUndefined),
  enabled: z.boolean().nullish().transform(nullToUndefined),
});
export type PatchTaxCategoryInput = { [K in keyof z.input<typeof patchTaxCategorySchema>]?: unknown };

export const setProjectPlanSchema = z.object({ plan: z.enum(PROJECT_PLANS) });

export const setReceiptMissingDaysSchema = z.object({ days: z.int().min(1).max(RECEIPT_MISSING_DAYS_MAX) });

/**
 * One kind's tolerance (general unless named): a percentage of the authorization (0 to 1000) and a floor in whole ISK
 * (at most 100.000.000 kr.).
 */
export const setCaptureToleranceSchema = z.object({
  kind: z
    .enum(TOLERANCE_KINDS)
    .nullish()
    .transform((kind) => kind ?? "general"),
  percent: z.int().min(0).max(CAPTURE_TOLERANCE_PERCENT_MAX),
  minimum: z.int().min(0).max(CAPTURE_TOLERANCE_MINIMUM_MAX),
});
