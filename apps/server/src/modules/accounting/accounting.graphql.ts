import { CATEGORY_GROUPS, PEPPOL_TAX_CODES, PROJECT_PLANS } from "@kort/core";
import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import { TOLERANCE_KINDS } from "../processor/capture-tolerance.ts";
import type {
  AccountingSettingsDto,
  CategoryDto,
  CategoryPageDto,
  DimensionDto,
  DimensionPageDto,
  DimensionValueDto,
  TaxCategoryDto,
} from "./accounting.schemas.ts";
import { getCategoryFor, listCategoriesFor, listDimensionsFor } from "./accounting.service.ts";
import { accountingSettingsFor } from "./plan.service.ts";
import { listTaxCategoriesFor } from "./tax-categories.service.ts";

export const CategoryGroupEnum = builder.enumType("CategoryGroup", {
  description: "Default: the chart of accounts the accountant keeps. Team: made with each team.",
  values: CATEGORY_GROUPS,
});

export const PeppolTaxCodeEnum = builder.enumType("PeppolTaxCode", {
  description: "Peppol VAT category: S standard, Z zero, E exempt, AE reverse charge, K intra-EU, G export, O outside.",
  values: PEPPOL_TAX_CODES,
});

export const ProjectPlanEnum = builder.enumType("ProjectPlan", {
  description: "basic: a category asks for at most 3 dimensions. pro: no limit.",
  values: PROJECT_PLANS,
});

const deletedAtField = "Null while the record is live; the spec's zero date 0001-01-01 once it is deleted.";

export const TaxCategory = builder.objectRef<TaxCategoryDto>("TaxCategory").implement({
  description: "A VAT rate of the company (spec 3): code, Peppol category and percentage.",
  fields: (t) => ({
    id: t.exposeID("id"),
    code: t.exposeString("code"),
    peppol_code: t.expose("peppol_code", { type: PeppolTaxCodeEnum }),
    percentage: t.exposeFloat("percentage", { description: "0 to 100, at most two decimals (24, 11, 5.5)." }),
    enabled: t.exposeBoolean("enabled"),
    in_use: t.exposeBoolean("in_use", {
      description: "Set on a transaction or the default of a live category: it can be disabled, not deleted.",
    }),
    deleted_at: t.expose("deleted_at", { type: "DateTime", nullable: true, description: deletedAtField }),
  }),
});

export const DimensionValue = builder.objectRef<DimensionValueDto>("DimensionValue").implement({
  description: "A value of a dimension (spec 3: a category with title, optional code and enabled).",
  fields: (t) => ({
    id: t.exposeID("id"),
    title: t.exposeString("title"),
    code: t.exposeString("code", { nullable: true }),
    enabled: t.exposeBoolean("enabled"),
    deleted_at: t.expose("deleted_at", { type: "DateTime", nullable: true, description: deletedAtField }),
  }),
});

export const Dimension = builder.objectRef<DimensionDto>("Dimension").implement({
  description: "A dimension (the spec's category group), e.g. Deild or Verkefni, with its live values.",
  fields: (t) => ({
    id: t.exposeID("id"),
    title: t.exposeString("title"),
    values: t.expose("values", { type: [DimensionValue] }),
    created_at: t.expose("created_at", { type: "DateTime" }),
    updated_at: t.expose("updated_at", { type: "DateTime" }),
    deleted_at: t.expose("deleted_at", { type: "DateTime", nullable: true, description: deletedAtField }),
  }),
});

export const Category = builder.objectRef<CategoryDto>("Category").implement({
  description: "An accounting category (spec section 3). The code is the ledger account and never changes.",
  fields: (t) => ({
    id: t.exposeID("id"),
    title: t.exposeString("title"),
    code: t.exposeString("code"),
    enabled: t.exposeBoolean("enabled"),
    group: t.expose("group", { type: CategoryGroupEnum }),
    default_tax_category_id: t.exposeID("default_tax_category_id", { nullable: true }),
    default_tax_category: t.expose("default_tax_category", { type: TaxCategory, nullable: true }),
    sub_group_ids: t.exposeIDList("sub_group_ids", { description: "The dimensions it asks for." }),
    subgroup_ids: t.exposeIDList("subgroup_ids", { description: "The same as sub_group_ids (both spellings)." }),
    dimensions: t.expose("dimensions", { type: [Dimension], description: "The dimensions it asks for." }),
    created_at: t.expose("created_at", { type: "DateTime" }),
    updated_at: t.expose("updated_at", { type: "DateTime" }),
    deleted_at: t.expose("deleted_at", { type: "DateTime", nullable: true, description: deletedAtField }),
  }),
});

const CategoryPage = builder.objectRef<CategoryPageDto>("CategoryPage").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [Category] }),
    count: t.exposeInt("count", { description: "How many categories match, on every page." }),
  }),
});

const DimensionPage = builder.objectRef<DimensionPageDto>("DimensionPage").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [Dimension] }),
    count: t.exposeInt("count", { description: "How many dimensions match, on every page." }),
  }),
});

export const CaptureToleranceKindEnum = builder.enumType("CaptureToleranceKind", {
  description: "general: every purchase but these. fuel: MCC 5541, 5542, 5983. hotel: MCC 7011 and 3501 to 3999.",
  values: TOLERANCE_KINDS,
});

const CaptureTolerance = builder
  .objectRef<AccountingSettingsDto["capture_tolerances"][number]>("CaptureTolerance")
  .implement({
    fields: (t) => ({
      kind: t.expose("kind", { type: CaptureToleranceKindEnum }),
      percent: t.exposeInt("percent", { description: "Of the authorized amount." }),
      minimum: t.exposeInt("minimum", { description: "ISK, whole kronur; the larger of the two applies." }),
    }),
  });

export const AccountingSettings = builder.objectRef<AccountingSettingsDto>("AccountingSettings").implement({
  description: "The company's plan and what it allows.",
  fields: (t) => ({
    plan: t.expose("plan", { type: ProjectPlanEnum }),
    max_dimensions_per_category: t.exposeInt("max_dimensions_per_category", {
      nullable: true,
      description: "Null means no limit.",
    }),
    can_change_plan: t.exposeBoolean("can_change_plan", { description: "Whether the caller may change the plan." }),
    receipt_missing_days: t.exposeInt("receipt_missing_days", {
      description: "Spec 5: a purchase without a receipt this many days after it is MissingReceipt (7 unless set).",
    }),
    can_change_receipt_rule: t.exposeBoolean("can_change_receipt_rule"),
    capture_tolerances: t.field({
      type: [CaptureTolerance],
      description:
        "Issue 13: a clearing this far above its authorization is flagged and its card locked for review. One of " +
        "each kind, general first.",
      resolve: (settings) => settings.capture_tolerances,
    }),
    can_change_capture_tolerance: t.exposeBoolean("can_change_capture_tolerance"),
  }),
});

builder.queryField("categories", (t) =>
  t.field({
    type: CategoryPage,
    description:
      "The live categories the caller may read (category read), 200 to a page, in Icelandic alphabetical order.",
    args: {
      group: t.arg({ type: CategoryGroupEnum, required: false }),
      search: t.arg.string({ required: false, description: "In title and code." }),
      page: t.arg.int({ required: false }),
      limit: t.arg.int({ required: false }),
    },
    resolve: (_root, args, { kort, deps }) => listCategoriesFor(deps.db, requireProject(kort), args),
  }),
);

builder.queryField("category", (t) =>
  t.field({
    type: Category,
    description: "One live category the caller may read (category read).",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => getCategoryFor(deps.db, requireProject(kort), args.id),
  }),
);

builder.queryField("dimensions", (t) =>
  t.field({
    type: DimensionPage,
    description: "The company's dimensions with their values (category read-groups), 200 to a page.",
    args: {
      search: t.arg.string({ required: false, description: "In the title." }),
      page: t.arg.int({ required: false }),
      limit: t.arg.int({ required: false }),
    },
    resolve: (_root, args, { kort, deps }) => listDimensionsFor(deps.db, requireProject(kort), args),
  }),
);

builder.queryField("tax_categories", (t) =>
  t.field({
    type: [TaxCategory],
    description: "The company's tax categories, enabled and disabled, highest rate first (tax-category read).",
    resolve: (_root, _args, { kort, deps }) => listTaxCategoriesFor(deps, requireProject(kort)),
  }),
);

builder.queryField("accounting_settings", (t) =>
  t.field({
    type: AccountingSettings,
    description: "The company's plan (category read-groups).",
    resolve: (_root, _args, { kort, deps }) => accountingSettingsFor(deps, requireProject(kort)),
  }),
);
