import { sql } from "drizzle-orm";
import { boolean, check, index, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companyReference, createdAt, tenantRowId, timestamptz, updatedAt } from "./columns.ts";
import { categoryGroup } from "./enums.ts";
import { projects } from "./projects.ts";

/**
 * VAT (VSK) rates of a project: 24% and 11% are Peppol category S, 0% is Z (every company starts with these three).
 * Deleting sets `deleted_at` (refused while the tax category is in use); the code is unique among live ones.
 */
export const taxCategories = pgTable(
  "tax_categories",
  {
    id: tenantRowId(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** Peppol VAT category code: S, Z, E, AE, K, G or O (@kort/core PEPPOL_TAX_CODES). */
    peppolCode: text("peppol_code").notNull(),
    /** 0 to 100 with at most two decimals, exact: 24.00, 11.00, 5.50. Read as text, handled as basis points. */
    percentage: numeric("percentage", { precision: 5, scale: 2 }).notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz("deleted_at"),
  },
  (t) => [
    primaryKey({ name: "tax_categories_pkey", columns: [t.id, t.projectId] }),
    uniqueIndex("tax_categories_project_code_live_key").on(t.projectId, t.code).where(sql`${t.deletedAt} is null`),
    check("tax_categories_percentage_range", sql`${t.percentage} between 0 and 100`),
    check("tax_categories_peppol_code", sql`${t.peppolCode} in ('S', 'Z', 'E', 'AE', 'K', 'G', 'O')`),
  ],
);

/**
 * Accounting categories. `group` Default is the chart the accountant keeps; Team categories are made with
 * each team (title = team name, code = the team's account code). Archiving sets `deleted_at`; the API shows
 * that as the spec's zero date. A code is unique among the project's live categories, team categories included:
 * it is the ledger account (and a team's department code) of every export.
 */
export const categories = pgTable(
  "categories",
  {
    id: tenantRowId(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** The ledger account; cannot be edited after creation. */
    code: text("code").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    group: categoryGroup("group").notNull().default("Default"),
    defaultTaxCategoryId: uuid("default_tax_category_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz("deleted_at"),
  },
  (t) => [
    primaryKey({ name: "categories_pkey", columns: [t.id, t.projectId] }),
    companyReference(
      "categories_default_tax_category_fk",
      [t.projectId, t.defaultTaxCategoryId],
      taxCategories,
    ).onDelete("set null"),
    index("categories_project_group_title_idx").on(t.projectId, t.group, t.title),
    uniqueIndex("categories_project_code_live_key").on(t.projectId, t.code).where(sql`${t.deletedAt} is null`),
  ],
);

/** A dimension (the spec's category group), e.g. "Verkefni", whose values tag transactions. */
export const dimensions = pgTable(
  "dimensions",
  {
    id: tenantRowId(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz("deleted_at"),
  },
  (t) => [
    primaryKey({ name: "dimensions_pkey", columns: [t.id, t.projectId] }),
    index("dimensions_project_title_idx").on(t.projectId, t.title),
  ],
);

/** A value of a dimension (shown by the spec as a category with title, optional code and enabled). */
export const dimensionValues = pgTable(
  "dimension_values",
  {
    id: tenantRowId(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    dimensionId: uuid("dimension_id").notNull(),
    title: text("title").notNull(),
    code: text("code"),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz("deleted_at"),
  },
  (t) => [
    primaryKey({ name: "dimension_values_pkey", columns: [t.id, t.projectId] }),
    companyReference("dimension_values_dimension_fk", [t.projectId, t.dimensionId], dimensions).onDelete("cascade"),
    index("dimension_values_dimension_title_idx").on(t.dimensionId, t.title),
    index("dimension_values_project_idx").on(t.projectId),
  ],
);

/** Which dimensions a category asks for (the spec's sub_group_ids / subgroup_ids). */
export const categoryDimensions = pgTable(
  "category_dimensions",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id").notNull(),
    dimensionId: uuid("dimension_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "category_dimensions_pkey", columns: [t.projectId, t.categoryId, t.dimensionId] }),
    companyReference("category_dimensions_category_fk", [t.projectId, t.categoryId], categories).onDelete("cascade"),
    companyReference("category_dimensions_dimension_fk", [t.projectId, t.dimensionId], dimensions).onDelete("cascade"),
    index("category_dimensions_dimension_idx").on(t.dimensionId),
    index("category_dimensions_project_idx").on(t.projectId),
  ],
);

export type CategoryRow = typeof categories.$inferSelect;
export type TaxCategoryRow = typeof taxCategories.$inferSelect;
export type DimensionRow = typeof dimensions.$inferSelect;
export type DimensionValueRow = typeof dimensionValues.$inferSelect;
