import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import {
  AccountingSettings,
  CaptureToleranceKindEnum,
  Category,
  Dimension,
  PeppolTaxCodeEnum,
  ProjectPlanEnum,
  TaxCategory,
} from "./accounting.graphql.ts";
import { CHANGESET_KINDS } from "./accounting.schemas.ts";
import {
  applyCategoryChangeset,
  bulkDeleteCategories,
  createCategory,
  linkCategoryGroup,
  patchCategory,
} from "./category-changes.service.ts";
import { createDimension, patchDimension } from "./dimension-changes.service.ts";
import { setCaptureTolerance, setProjectPlan, setReceiptMissingDays } from "./plan.service.ts";
import { createTaxCategory, deleteTaxCategory, patchTaxCategory } from "./tax-categories.service.ts";

/**
 * Spec 7, the category and dimension mutations, and the tax categories and plan of issue 11. Each resolver is thin:
 * the service asks the policy, parses, loads what it changes from the caller's company and changes it in one
 * transaction with its audit rows. Required texts are nullable here so that a missing one is a VALIDATION_FAILED like
 * an empty one.
 */

const DimensionValueInput = builder.inputType("DimensionValueInput", {
  description: "A value of a dimension: with its id when it exists, without one when it is new.",
  fields: (t) => ({
    id: t.id(),
    title: t.string({ description: "Required; trimmed." }),
    code: t.string({ description: "Optional; empty means none." }),
    enabled: t.boolean({ description: "Defaults to true." }),
  }),
});

const CategoryDimensionInput = builder.inputType("CategoryDimensionInput", {
  description:
    "A dimension of a category in a changeset: an existing one (id) whose title and values are patched, or a new one " +
    "(no id) created with its values. values null leaves an existing dimension's values as they are.",
  fields: (t) => ({
    id: t.id(),
    title: t.string({ description: "Required: an empty title after trimming refuses the whole changeset." }),
    values: t.field({ type: [DimensionValueInput] }),
  }),
});

const CategoryChangesetKind = builder.enumType("CategoryChangesetKind", {
  description: "CREATE a category with its dimensions, EDIT one, or ARCHIVE one (spec 4).",
  values: CHANGESET_KINDS,
});

builder.mutationField("create_category", (t) =>
  t.field({
    type: Category,
    description: "A category of the chart (group Default); its code is unique in the company and fixed.",
    args: {
      title: t.arg.string({ required: false, description: "Required." }),
      code: t.arg.string({ required: false, description: "Required: 1 to 20 letters, digits, '.' and '-'." }),
      enabled: t.arg.boolean({ required: false }),
      default_tax_category_id: t.arg.id({ required: false }),
      subgroup_ids: t.arg.idList({ required: false, description: "Existing dimensions it asks for." }),
    },
    resolve: (_root, args, { kort, deps }) => createCategory(deps, requireProject(kort), args),
  }),
);

builder.mutationField("patch_category", (t) =>
  t.field({
    type: Category,
    description:
      "Title, enabled, default tax category (null clears it) and the whole list of sub-groups; not the code.",
    args: {
      id: t.arg.id({ required: true }),
      title: t.arg.string({ required: false }),
      enabled: t.arg.boolean({ required: false }),
      default_tax_category_id: t.arg.id({ required: false }),
      subgroup_ids: t.arg.idList({ required: false }),
    },
    resolve: (_root, args, { kort, deps }) => patchCategory(deps, requireProject(kort), args),
  }),
);

builder.mutationField("bulk_delete_categories", (t) =>
  t.field({
    type: [Category],
    description: "Archives the categories; answers them with deleted_at at the zero date. Team categories are refused.",
    args: { ids: t.arg.idList({ required: true }) },
    resolve: (_root, args, { kort, deps }) => bulkDeleteCategories(deps, requireProject(kort), args),
  }),
);

builder.mutationField("create_category_group", (t) =>
  t.field({
    type: Dimension,
    description: "A dimension with its values; without values it is refused (DIMENSION_WITHOUT_VALUES).",
    args: {
      title: t.arg.string({ required: false, description: "Required." }),
      values: t.arg({ type: [DimensionValueInput], required: false }),
    },
    resolve: (_root, args, { kort, deps }) => createDimension(deps, requireProject(kort), args),
  }),
);

builder.mutationField("patch_category_group", (t) =>
  t.field({
    type: Dimension,
    description:
      "The title, and when values is given the whole list of values: with an id patched, without one created, " +
      "left out deleted.",
    args: {
      id: t.arg.id({ required: true }),
      title: t.arg.string({ required: false }),
      values: t.arg({ type: [DimensionValueInput], required: false }),
    },
    resolve: (_root, args, { kort, deps }) => patchDimension(deps, requireProject(kort), args),
  }),
);

builder.mutationField("link_category_group", (t) =>
  t.field({
    type: Category,
    description: "The category asks for one more dimension (refused beyond the plan's limit).",
    args: { category_id: t.arg.id({ required: true }), group_id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => linkCategoryGroup(deps, requireProject(kort), args, true),
  }),
);

builder.mutationField("unlink_category_group", (t) =>
  t.field({
    type: Category,
    args: { category_id: t.arg.id({ required: true }), group_id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => linkCategoryGroup(deps, requireProject(kort), args, false),
  }),
);

builder.mutationField("apply_category_changeset", (t) =>
  t.field({
    type: Category,
    description:
      "Spec 4's create, edit or archive sequence as one operation in one transaction: a failure anywhere leaves " +
      "nothing behind. dimensions is the category's whole list after the change.",
    args: {
      kind: t.arg({ type: CategoryChangesetKind, required: true }),
      category_id: t.arg.id({ required: false, description: "EDIT and ARCHIVE." }),
      title: t.arg.string({ required: false, description: "Required for CREATE." }),
      code: t.arg.string({ required: false, description: "CREATE only; required there." }),
      enabled: t.arg.boolean({ required: false }),
      default_tax_category_id: t.arg.id({ required: false, description: "null clears it." }),
      dimensions: t.arg({ type: [CategoryDimensionInput], required: false }),
    },
    resolve: (_root, args, { kort, deps }) => applyCategoryChangeset(deps, requireProject(kort), args),
  }),
);

builder.mutationField("create_tax_category", (t) =>
  t.field({
    type: TaxCategory,
    description: "Owners only (tax-category manage).",
    args: {
      code: t.arg.string({ required: false, description: "Required." }),
      peppol_code: t.arg({ type: PeppolTaxCodeEnum, required: false, description: "Required." }),
      percentage: t.arg.float({ required: false, description: "Required: 0 to 100, at most two decimals." }),
      enabled: t.arg.boolean({ required: false }),
    },
    resolve: (_root, args, { kort, deps }) => createTaxCategory(deps, requireProject(kort), args),
  }),
);

builder.mutationField("patch_tax_category", (t) =>
  t.field({
    type: TaxCategory,
    description: "Owners only. A tax category in use may only be enabled or disabled (TAX_CATEGORY_IN_USE).",
    args: {
      id: t.arg.id({ required: true }),
      code: t.arg.string({ required: false }),
      peppol_code: t.arg({ type: PeppolTaxCodeEnum, required: false }),
      percentage: t.arg.float({ required: false }),
      enabled: t.arg.boolean({ required: false }),
    },
    resolve: (_root, args, { kort, deps }) => patchTaxCategory(deps, requireProject(kort), args),
  }),
);

builder.mutationField("delete_tax_category", (t) =>
  t.field({
    type: TaxCategory,
    description: "Owners only. Refused while it is in use (TAX_CATEGORY_IN_USE): disable it instead.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => deleteTaxCategory(deps, requireProject(kort), args),
  }),
);

builder.mutationField("set_project_plan", (t) =>
  t.field({
    type: AccountingSettings,
    description: "The company's plan (project owners).",
    args: { plan: t.arg({ type: ProjectPlanEnum, required: true }) },
    resolve: (_root, args, { kort, deps }) => setProjectPlan(deps, requireProject(kort), args),
  }),
);

builder.mutationField("set_capture_tolerance", (t) =>
  t.field({
    type: AccountingSettings,
    description:
      "Project owners: how far a clearing of a kind of purchase may exceed its authorization (the larger of percent, 0 to 1000, and minimum ISK) before it is flagged and the card locked for review.",
    args: {
      kind: t.arg({ type: CaptureToleranceKindEnum, required: true, defaultValue: "general" }),
      percent: t.arg.int({ required: true }),
      minimum: t.arg.int({ required: true }),
    },
    resolve: (_root, args, { kort, deps }) => setCaptureTolerance(deps, requireProject(kort), args),
  }),
);

builder.mutationField("set_receipt_missing_days", (t) =>
  t.field({
    type: AccountingSettings,
    description: "category manage: days a purchase may wait for its receipt before MissingReceipt (1 to 365).",
    args: { days: t.arg.int({ required: true }) },
    resolve: (_root, args, { kort, deps }) => setReceiptMissingDays(deps, requireProject(kort), args),
  }),
);
