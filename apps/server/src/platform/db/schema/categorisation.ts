import type { ProposalStatus, RuleMatchKind, RuleSource } from "@kort/core";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { categories, taxCategories } from "./accounting.ts";
import { companyReference, createdAt, tenantRowId, timestamptz, updatedAt } from "./columns.ts";
import { projects } from "./projects.ts";
import { users } from "./users.ts";

/**
 * A company's categorisation rule (issue 19, docs/categorisation-rules.md): a merchant key or an MCC, and what a
 * settling transaction that matches gets where it has nothing yet: category, tax category, dimension values.
 * Deleting sets `deleted_at`, so a transaction it categorised still names it in the panel.
 */
export const categorisationRules = pgTable(
  "categorisation_rules",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    id: tenantRowId(),
    matchKind: text("match_kind").$type<RuleMatchKind>().notNull(),
    /** A merchant rule's key (@kort/core merchantKey) or an MCC rule's four digits. */
    pattern: text("pattern").notNull(),
    /** What the panel shows after "Categorised by rule". */
    name: text("name").notNull(),
    categoryId: uuid("category_id"),
    taxCategoryId: uuid("tax_category_id"),
    /** At most one value per dimension, of dimensions the category asks for (checked when the rule is written). */
    dimensionValueIds: uuid("dimension_value_ids").array().notNull().default(sql`'{}'::uuid[]`),
    source: text("source").$type<RuleSource>().notNull(),
    active: boolean("active").notNull().default(true),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz("deleted_at"),
  },
  (t) => [
    primaryKey({ name: "categorisation_rules_pkey", columns: [t.projectId, t.id] }),
    companyReference("categorisation_rules_category_fk", [t.projectId, t.categoryId], categories).onDelete("set null"),
    companyReference("categorisation_rules_tax_category_fk", [t.projectId, t.taxCategoryId], taxCategories).onDelete(
      "set null",
    ),
    // One live rule per merchant key or MCC: the match is never a tie between two rules of one kind.
    uniqueIndex("categorisation_rules_project_pattern_live_key")
      .on(t.projectId, t.matchKind, t.pattern)
      .where(sql`${t.deletedAt} is null`),
    check("categorisation_rules_match_kind", sql`${t.matchKind} in ('MERCHANT', 'MCC')`),
    check("categorisation_rules_source", sql`${t.source} in ('DEFAULT', 'ACCEPTED', 'MANUAL')`),
    index("categorisation_rules_category_idx").on(t.categoryId),
    index("categorisation_rules_tax_category_idx").on(t.taxCategoryId),
  ],
);

/**
 * A rule Kort proposes when one merchant was categorised the same way three times (issue 19). One open proposal
 * per merchant; a dismissed one stays, so the same merchant with the same category and tax is never proposed again.
 */
export const categorisationProposals = pgTable(
  "categorisation_proposals",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    id: tenantRowId(),
    merchantKey: text("merchant_key").notNull(),
    /** The merchant's name as the last of the three transactions carried it: what the accountant reads. */
    merchantName: text("merchant_name").notNull(),
    categoryId: uuid("category_id").notNull(),
    taxCategoryId: uuid("tax_category_id"),
    dimensionValueIds: uuid("dimension_value_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** Transactions of the merchant with that category when it was proposed (the threshold, 3). */
    transactionCount: integer("transaction_count").notNull(),
    status: text("status").$type<ProposalStatus>().notNull().default("PROPOSED"),
    ruleId: uuid("rule_id"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamptz("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "categorisation_proposals_pkey", columns: [t.projectId, t.id] }),
    companyReference("categorisation_proposals_category_fk", [t.projectId, t.categoryId], categories).onDelete(
      "cascade",
    ),
    companyReference(
      "categorisation_proposals_tax_category_fk",
      [t.projectId, t.taxCategoryId],
      taxCategories,
    ).onDelete("set null"),
    foreignKey({
      name: "categorisation_proposals_rule_fk",
      columns: [t.projectId, t.ruleId],
      foreignColumns: [categorisationRules.projectId, categorisationRules.id],
    }),
    check("categorisation_proposals_status", sql`${t.status} in ('PROPOSED', 'ACCEPTED', 'DISMISSED')`),
    // Two categorisations racing to the third propose once: the second insert meets this index.
    uniqueIndex("categorisation_proposals_project_merchant_open_key")
      .on(t.projectId, t.merchantKey)
      .where(sql`${t.status} = 'PROPOSED'`),
    index("categorisation_proposals_project_merchant_idx").on(t.projectId, t.merchantKey),
    index("categorisation_proposals_category_idx").on(t.categoryId),
  ],
);

export type CategorisationRuleRow = typeof categorisationRules.$inferSelect;
export type CategorisationProposalRow = typeof categorisationProposals.$inferSelect;
