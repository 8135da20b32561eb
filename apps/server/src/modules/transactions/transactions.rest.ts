import { RULE_IDS, TODO_FILTERS } from "@kort/core";
import { z } from "zod";
import type { ProjectContext } from "../../platform/http/context.ts";
import { defineRoute, type RestRoute } from "../../platform/http/rest.ts";
import { categoryPageSchema, transactionCategoriesArgsSchema } from "../accounting/accounting.schemas.ts";
import { categoriesForTransactions } from "../accounting/accounting.service.ts";
import { LEDGER_PAGE_MAX, LEDGER_SORTS } from "./ledger.schemas.ts";
import {
  getTransactionFor,
  type LedgerDeps,
  type LedgerTransactionDto,
  listOwnTransactionsFor,
} from "./ledger.service.ts";
import { patchTransaction, patchTransactionSchema } from "./transaction-patch.service.ts";

/**
 * Spec 7, `GET /v1/transactions`: the employee app's list of the caller's own purchases across their cards,
 * newest first by keyset cursor, each with its to-do marks (missing receipt, missing category).
 */

const querySchema = z.object({
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LEDGER_PAGE_MAX).default(30),
  sort: z.enum(LEDGER_SORTS).default("DATE_DESC"),
  todo: z.enum(TODO_FILTERS).optional(),
});

/** What leaves the server: a whitelist of the ledger row (no cardholder's name, no export ids). */
const myTransactionSchema = z.object({
  id: z.uuid(),
  merchant: z.string(),
  description: z.string(),
  transaction_date: z.date(),
  transaction_amount: z.number(),
  transaction_currency: z.string(),
  original_amount: z.number(),
  original_currency: z.string(),
  original_exponent: z.number(),
  unsettled: z.boolean(),
  comments: z.string().nullable(),
  card: z.object({ id: z.uuid(), last_four: z.string() }),
  category: z.object({ id: z.uuid(), title: z.string(), code: z.string() }).nullable(),
  tax_category_id: z.uuid().nullable(),
  has_receipt: z.boolean(),
  rule_violations: z.array(z.object({ rule_id: z.enum(RULE_IDS), message: z.string() })),
});
const myTransactionPageSchema = z.object({ nodes: z.array(myTransactionSchema), next_cursor: z.string().nullable() });

/**
 * One purchase also carries its sub-categories (spec 3 `sub_categories`: the values chosen for the dimensions linked
 * to its category, one per dimension), so the app's categorise form starts from them and a save keeps them.
 */
const myTransactionDetailsSchema = myTransactionSchema.extend({
  sub_categories: z.array(
    z.object({ dimension_id: z.uuid(), dimension_title: z.string(), value_id: z.uuid(), value_title: z.string() }),
  ),
});

const toMine = (row: LedgerTransactionDto): z.input<typeof myTransactionSchema> => ({
  id: row.id,
  merchant: row.merchant,
  description: row.description,
  transaction_date: row.transaction_date,
  transaction_amount: row.transaction_amount,
  transaction_currency: row.transaction_currency,
  original_amount: row.original_amount,
  original_currency: row.original_currency,
  original_exponent: row.original_exponent,
  unsettled: row.unsettled,
  comments: row.comments,
  card: row.card,
  category: row.category,
  tax_category_id: row.tax_category_id,
  has_receipt: row.has_receipt,
  rule_violations: row.rule_violations,
});

const detailsOf = async (deps: LedgerDeps, ctx: ProjectContext, id: string) => {
  const details = await getTransactionFor(deps, ctx, id);
  return { ...toMine(details.transaction), sub_categories: details.dimension_values };
};

export const transactionsRoutes: RestRoute[] = [
  defineRoute({
    method: "GET",
    path: "/v1/transactions/todo",
    summary:
      "The caller's own transactions that still need something from them (a receipt or a category), newest first; `todo` narrows to one of the two",
    tag: "transactions",
    access: "project",
    query: querySchema,
    response: myTransactionPageSchema,
    handler: async ({ ctx, deps, query }) => {
      const page = await listOwnTransactionsFor(deps, ctx, { ...query, todo: query.todo ?? "Any" });
      return { nodes: page.nodes.map(toMine), next_cursor: page.next_cursor };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/transactions/categories",
    summary:
      "The categories the caller may give their transactions: live, enabled Default categories their teams may use, with their dimensions",
    tag: "transactions",
    access: "project",
    query: transactionCategoriesArgsSchema,
    response: categoryPageSchema,
    handler: ({ ctx, deps, query }) => categoriesForTransactions(deps.db, ctx, query),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/transactions",
    summary:
      "The caller's own transactions (transaction read), newest first, with their to-do marks; `after` a next_cursor, `todo` MissingReceipt or MissingCategory",
    tag: "transactions",
    access: "project",
    query: querySchema,
    response: myTransactionPageSchema,
    handler: async ({ ctx, deps, query }) => {
      const page = await listOwnTransactionsFor(deps, ctx, query);
      return { nodes: page.nodes.map(toMine), next_cursor: page.next_cursor };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/transactions/:id",
    summary:
      "One transaction the caller may read (transaction read), with its to-do marks and sub-categories (dimension values)",
    tag: "transactions",
    access: "project",
    params: z.object({ id: z.uuid() }),
    response: myTransactionDetailsSchema,
    handler: ({ ctx, deps, params }) => detailsOf(deps, ctx, params.id),
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/transactions/:id",
    summary:
      "Category with its dimension values, tax category and comment of one transaction, saved together or not at all: {category_id?, subcategory_ids?, tax_category_id?, comment?} (transaction set-category, set-tax-category, set-comment)",
    tag: "transactions",
    access: "project",
    params: z.object({ id: z.uuid() }),
    checkedBody: patchTransactionSchema,
    response: myTransactionDetailsSchema,
    handler: async ({ ctx, deps, params, body }) => {
      await patchTransaction(deps, ctx, params.id, body);
      return detailsOf(deps, ctx, params.id);
    },
  }),
];
