import { RULE_IDS, TODO_FILTERS } from "@kort/core";
import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import { LEDGER_SORTS } from "./ledger.schemas.ts";
import {
  getTransactionFor,
  type LedgerPageDto,
  type LedgerTransactionDto,
  listLedgerFor,
  type RuleViolationCountDto,
  type RuleViolationDto,
  ruleViolationCountsFor,
  type SelectionTotalsDto,
  selectionTotalsFor,
  type TransactionDetailsDto,
} from "./ledger.service.ts";

const TodoFilterEnum = builder.enumType("TodoFilter", { values: TODO_FILTERS });
const RuleIdEnum = builder.enumType("RuleId", {
  values: RULE_IDS,
  description: "A rule a transaction breaks: the todo filters, and CaptureExcess (a clearing past its tolerance).",
});
const LedgerSortEnum = builder.enumType("TransactionSort", { values: LEDGER_SORTS });

const RuleViolation = builder.objectRef<RuleViolationDto>("RuleViolation").implement({
  fields: (t) => ({
    rule_id: t.expose("rule_id", { type: RuleIdEnum }),
    message: t.exposeString("message", { description: "English; clients translate by rule_id." }),
  }),
});

const TransactionTeam = builder.objectRef<NonNullable<LedgerTransactionDto["team"]>>("TransactionTeam").implement({
  fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name") }),
});

const TransactionCard = builder.objectRef<LedgerTransactionDto["card"]>("TransactionCard").implement({
  fields: (t) => ({ id: t.exposeID("id"), last_four: t.exposeString("last_four") }),
});

const TransactionCardholder = builder.objectRef<LedgerTransactionDto["cardholder"]>("TransactionCardholder").implement({
  fields: (t) => ({ user_id: t.exposeID("user_id"), full_name: t.exposeString("full_name") }),
});

const TransactionCategory = builder
  .objectRef<NonNullable<LedgerTransactionDto["category"]>>("TransactionCategory")
  .implement({
    fields: (t) => ({ id: t.exposeID("id"), title: t.exposeString("title"), code: t.exposeString("code") }),
  });

const Transaction = builder.objectRef<LedgerTransactionDto>("Transaction").implement({
  description:
    "A card purchase or refund in the ledger (spec 3, Transaction); unsettled while its authorization is pending.",
  fields: (t) => ({
    id: t.exposeID("id"),
    merchant: t.exposeString("merchant"),
    description: t.exposeString("description"),
    transaction_date: t.expose("transaction_date", { type: "DateTime" }),
    transaction_amount: t.exposeFloat("transaction_amount", {
      description: "ISK, whole kronur; negative for a refund.",
    }),
    transaction_currency: t.exposeString("transaction_currency"),
    original_amount: t.exposeFloat("original_amount", { description: "In the merchant's currency's minor units." }),
    original_currency: t.exposeString("original_currency"),
    original_exponent: t.exposeInt("original_exponent"),
    closed_at: t.expose("closed_at", { type: "DateTime", nullable: true }),
    unsettled: t.exposeBoolean("unsettled"),
    exported: t.exposeBoolean("exported"),
    latest_export_id: t.exposeID("latest_export_id", { nullable: true }),
    comments: t.exposeString("comments", { nullable: true }),
    card: t.expose("card", { type: TransactionCard }),
    cardholder: t.expose("cardholder", { type: TransactionCardholder }),
    team: t.expose("team", { type: TransactionTeam, nullable: true }),
    category: t.expose("category", { type: TransactionCategory, nullable: true }),
    tax_category_id: t.exposeID("tax_category_id", { nullable: true }),
    has_receipt: t.exposeBoolean("has_receipt"),
    rule_violations: t.expose("rule_violations", { type: [RuleViolation] }),
  }),
});

const TaxCategoryRef = builder
  .objectRef<NonNullable<TransactionDetailsDto["tax_category"]>>("TransactionTaxCategory")
  .implement({
    fields: (t) => ({
      id: t.exposeID("id"),
      code: t.exposeString("code"),
      percentage: t.exposeString("percentage", { description: "Exact, as text: 24, 11, 0 or with two decimals." }),
    }),
  });

const DimensionValueRef = builder
  .objectRef<TransactionDetailsDto["dimension_values"][number]>("TransactionDimensionValue")
  .implement({
    fields: (t) => ({
      dimension_id: t.exposeID("dimension_id"),
      dimension_title: t.exposeString("dimension_title"),
      value_id: t.exposeID("value_id"),
      value_title: t.exposeString("value_title"),
    }),
  });

const CategorisedByRule = builder
  .objectRef<NonNullable<TransactionDetailsDto["categorised_by_rule"]>>("TransactionCategorisedByRule")
  .implement({
    fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name") }),
  });

const TransactionDetails = builder.objectRef<TransactionDetailsDto>("TransactionDetails").implement({
  description: "A transaction as the panel shows it: the ledger's row and what only the panel needs.",
  fields: (t) => ({
    transaction: t.expose("transaction", { type: Transaction }),
    approval_code: t.exposeString("approval_code", { nullable: true, description: "The authorization number." }),
    tax_category: t.expose("tax_category", { type: TaxCategoryRef, nullable: true }),
    team_category: t.expose("team_category", { type: TransactionCategory, nullable: true }),
    dimension_values: t.expose("dimension_values", { type: [DimensionValueRef] }),
    categorised_by_rule: t.expose("categorised_by_rule", {
      type: CategorisedByRule,
      nullable: true,
      description: "The categorisation rule that filled it when it settled; null once a person sets the category.",
    }),
    authorized_amount: t.exposeFloat("authorized_amount", {
      nullable: true,
      description: "ISK, whole kronur, the network authorized before it cleared; null without an authorization.",
    }),
    capture_excess: t.exposeFloat("capture_excess", {
      nullable: true,
      description: "ISK, whole kronur, the clearing went over its authorization when past the tolerance (issue 13).",
    }),
  }),
});

builder.queryField("transaction", (t) =>
  t.field({
    type: TransactionDetails,
    description: "transaction read, with the transaction's team and cardholder: one transaction for its panel.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => getTransactionFor(deps, requireProject(kort), String(args.id)),
  }),
);

const TransactionPage = builder.objectRef<LedgerPageDto>("TransactionPage").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [Transaction] }),
    next_cursor: t.exposeString("next_cursor", {
      nullable: true,
      description: "Pass as `after` for the next page; null on the last page.",
    }),
  }),
});

const TransactionsFilterInput = builder.inputType("TransactionsFilter", {
  description: "Dates are whole UTC days (YYYY-MM-DD), both ends included; absent, the current billing period.",
  fields: (t) => ({
    from_date: t.string({ required: false }),
    to_date: t.string({ required: false }),
    team_ids: t.idList({ required: false }),
    user_ids: t.idList({ required: false, description: "Cardholders." }),
    card_ids: t.idList({ required: false }),
    category_ids: t.idList({ required: false }),
    tax_category_ids: t.idList({ required: false }),
    unsettled: t.boolean({ required: false }),
    exported: t.boolean({ required: false }),
    todo: t.field({ type: TodoFilterEnum, required: false }),
    search: t.string({ required: false, description: "In the merchant, description and comment." }),
  }),
});

export const SelectionInput = builder.inputType("TransactionSelection", {
  description: "Either transaction_ids, or filter (every row of it) with excluded_ids left out.",
  fields: (t) => ({
    transaction_ids: t.idList({ required: false }),
    filter: t.field({ type: TransactionsFilterInput, required: false }),
    excluded_ids: t.idList({ required: false }),
  }),
});

const CurrencyTotal = builder.objectRef<SelectionTotalsDto["by_currency"][number]>("CurrencyTotal").implement({
  fields: (t) => ({
    currency: t.exposeString("currency"),
    exponent: t.exposeInt("exponent"),
    count: t.exposeInt("count"),
    amount: t.exposeFloat("amount", { description: "In the currency's minor units." }),
    amount_isk: t.exposeFloat("amount_isk"),
  }),
});

const SelectionTotals = builder.objectRef<SelectionTotalsDto>("SelectionTotals").implement({
  fields: (t) => ({
    count: t.exposeInt("count"),
    total_amount: t.exposeFloat("total_amount", { description: "ISK, whole kronur, refunds subtracted." }),
    by_currency: t.expose("by_currency", { type: [CurrencyTotal] }),
  }),
});

const RuleViolationCount = builder.objectRef<RuleViolationCountDto>("RuleViolationCount").implement({
  fields: (t) => ({ rule_id: t.expose("rule_id", { type: TodoFilterEnum }), count: t.exposeInt("count") }),
});

/** GraphQL leaves absent input fields undefined and sent nulls null; the schemas read both as "not set". */
const withoutNulls = (input: object | null | undefined): Record<string, unknown> =>
  Object.fromEntries(Object.entries(input ?? {}).filter(([, value]) => value !== null && value !== undefined));

builder.queryField("transactions_v2", (t) =>
  t.field({
    type: TransactionPage,
    description:
      "transaction read: the ledger page the caller may read (project; their teams' and their own; or their own), by cursor.",
    args: {
      filter: t.arg({ type: TransactionsFilterInput, required: false }),
      sort: t.arg({ type: LedgerSortEnum, required: false }),
      after: t.arg.string({ required: false }),
      limit: t.arg.int({ required: false }),
    },
    resolve: (_root, args, { kort, deps }) =>
      listLedgerFor(deps, requireProject(kort), {
        filter: withoutNulls(args.filter),
        sort: args.sort,
        after: args.after,
        limit: args.limit,
      }),
  }),
);

/** A SelectionInput as the services read it: GraphQL's nulls are absent fields. */
export const selectionFromArgs = (input: object): Record<string, unknown> => {
  const selection: Record<string, unknown> = withoutNulls(input);
  if (selection.filter) selection.filter = withoutNulls(selection.filter as object);
  return selection;
};

builder.queryField("selection_totals", (t) =>
  t.field({
    type: SelectionTotals,
    description: "transaction read: count and sums of a selection, computed on the server within the caller's scope.",
    args: { selection: t.arg({ type: SelectionInput, required: true }) },
    resolve: (_root, args, { kort, deps }) =>
      selectionTotalsFor(deps, requireProject(kort), selectionFromArgs(args.selection)),
  }),
);

builder.queryField("rule_violation_counts", (t) =>
  t.field({
    type: [RuleViolationCount],
    description: "transaction read: how many rows of the filter break each rule (the todo filters' counts).",
    args: { filter: t.arg({ type: TransactionsFilterInput, required: false }) },
    resolve: (_root, args, { kort, deps }) =>
      ruleViolationCountsFor(deps, requireProject(kort), withoutNulls(args.filter)),
  }),
);
