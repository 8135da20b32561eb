import { graphql, type ResultOf, type VariablesOf } from "../../app/api/graphql.ts";

/** GraphQL documents of the Accounting page (spec 7: categories, dimensions, tax categories, apply changeset). */

const TAX_CATEGORY_FIELDS = graphql(`
  fragment TaxCategoryFields on TaxCategory {
    id
    code
    peppol_code
    percentage
    enabled
    in_use
  }
`);

const DIMENSION_FIELDS = graphql(`
  fragment DimensionFields on Dimension {
    id
    title
    values { id title code enabled }
  }
`);

/**
 * A page of categories with their default tax category and their dimensions with values. Written out rather than
 * with nested fragments: every fragment spread is a level for the server's depth limit (8).
 */
export const ACCOUNTING_CATEGORIES_QUERY = graphql(`
  query AccountingCategories($group: CategoryGroup, $search: String, $page: Int) {
    categories(group: $group, search: $search, page: $page) {
      count
      nodes {
        id
        title
        code
        enabled
        group
        default_tax_category_id
        default_tax_category { id code percentage }
        sub_group_ids
        dimensions { id title values { id title code enabled } }
      }
    }
  }
`);

export type AccountingCategory = ResultOf<typeof ACCOUNTING_CATEGORIES_QUERY>["categories"]["nodes"][number];
export type Dimension = ResultOf<typeof DIMENSION_FIELDS>;
export type TaxCategory = ResultOf<typeof TAX_CATEGORY_FIELDS>;

export const DIMENSIONS_QUERY = graphql(
  `
  query Dimensions($search: String, $page: Int) {
    dimensions(search: $search, page: $page) {
      count
      nodes { ...DimensionFields }
    }
  }
`,
  [DIMENSION_FIELDS],
);

export const TAX_CATEGORIES_QUERY = graphql(
  `
  query TaxCategories {
    tax_categories { ...TaxCategoryFields }
  }
`,
  [TAX_CATEGORY_FIELDS],
);

export const ACCOUNTING_SETTINGS_QUERY = graphql(`
  query AccountingSettings {
    accounting_settings {
      plan
      max_dimensions_per_category
      can_change_plan
      receipt_missing_days
      can_change_receipt_rule
      capture_tolerances { kind percent minimum }
      can_change_capture_tolerance
    }
  }
`);

/** Issue 13: one of the company's capture tolerances, general, fuel or hotel (owners). */
export const SET_CAPTURE_TOLERANCE_MUTATION = graphql(`
  mutation SetCaptureTolerance($kind: CaptureToleranceKind!, $percent: Int!, $minimum: Int!) {
    set_capture_tolerance(kind: $kind, percent: $percent, minimum: $minimum) {
      capture_tolerances { kind percent minimum }
    }
  }
`);

export type AccountingSettings = ResultOf<typeof ACCOUNTING_SETTINGS_QUERY>["accounting_settings"];

/** Spec 4's create, edit and archive sequences, each one operation on the server. */
export const APPLY_CATEGORY_CHANGESET_MUTATION = graphql(`
  mutation ApplyCategoryChangeset(
    $kind: CategoryChangesetKind!
    $category_id: ID
    $title: String
    $code: String
    $default_tax_category_id: ID
    $dimensions: [CategoryDimensionInput!]
  ) {
    apply_category_changeset(
      kind: $kind
      category_id: $category_id
      title: $title
      code: $code
      default_tax_category_id: $default_tax_category_id
      dimensions: $dimensions
    ) { id title code }
  }
`);

export type ChangesetVariables = VariablesOf<typeof APPLY_CATEGORY_CHANGESET_MUTATION>;

export const SET_CATEGORY_ENABLED_MUTATION = graphql(`
  mutation SetCategoryEnabled($id: ID!, $enabled: Boolean) {
    patch_category(id: $id, enabled: $enabled) { id enabled }
  }
`);

export const CREATE_DIMENSION_MUTATION = graphql(
  `
  mutation CreateDimension($title: String, $values: [DimensionValueInput!]) {
    create_category_group(title: $title, values: $values) { ...DimensionFields }
  }
`,
  [DIMENSION_FIELDS],
);

export const PATCH_DIMENSION_MUTATION = graphql(
  `
  mutation PatchDimension($id: ID!, $title: String, $values: [DimensionValueInput!]) {
    patch_category_group(id: $id, title: $title, values: $values) { ...DimensionFields }
  }
`,
  [DIMENSION_FIELDS],
);

export const SET_PROJECT_PLAN_MUTATION = graphql(`
  mutation SetProjectPlan($plan: ProjectPlan!) {
    set_project_plan(plan: $plan) { plan max_dimensions_per_category can_change_plan }
  }
`);

export const SET_RECEIPT_MISSING_DAYS_MUTATION = graphql(`
  mutation SetReceiptMissingDays($days: Int!) {
    set_receipt_missing_days(days: $days) { receipt_missing_days }
  }
`);

export const CREATE_TAX_CATEGORY_MUTATION = graphql(
  `
  mutation CreateTaxCategory($code: String, $peppol_code: PeppolTaxCode, $percentage: Float) {
    create_tax_category(code: $code, peppol_code: $peppol_code, percentage: $percentage) { ...TaxCategoryFields }
  }
`,
  [TAX_CATEGORY_FIELDS],
);

export const SET_TAX_CATEGORY_ENABLED_MUTATION = graphql(
  `
  mutation SetTaxCategoryEnabled($id: ID!, $enabled: Boolean) {
    patch_tax_category(id: $id, enabled: $enabled) { ...TaxCategoryFields }
  }
`,
  [TAX_CATEGORY_FIELDS],
);

export const DELETE_TAX_CATEGORY_MUTATION = graphql(`
  mutation DeleteTaxCategory($id: ID!) {
    delete_tax_category(id: $id) { id deleted_at }
  }
`);
