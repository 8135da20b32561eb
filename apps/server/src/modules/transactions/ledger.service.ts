import { billingPeriodDates, currentBillingPeriod, type RuleId, type TodoFilter } from "@kort/core";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { bigintValue } from "../../platform/db/bigint.ts";
import type { Db } from "../../platform/db/client.ts";
import { pageOf } from "../../platform/db/keyset-cursor.ts";
import { AppError } from "../../platform/errors.ts";
import { authorize } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { type ListScope, listScope } from "../../platform/http/list-scope.ts";
import {
  filterConditions,
  type LedgerRow,
  ledgerPage,
  ledgerRow,
  type RuleSettings,
  ruleViolationCounts,
  selectionTotals,
  type TransactionExtras,
  transactionExtras,
} from "./ledger.repo.ts";
import {
  encodeCursor,
  type LedgerFilter,
  type LedgerSort,
  type LedgerTodo,
  ledgerFilterSchema,
  ledgerPageSchema,
  selectionSchema,
} from "./ledger.schemas.ts";

export type LedgerDeps = { db: Db; now: () => Date };

/** A rule a transaction breaks (spec 3, rule_violations): the rule's id and an English message. */
export type RuleViolationDto = { rule_id: RuleId; message: string };

export type LedgerTransactionDto = {
  id: string;
  merchant: string;
  description: string;
  transaction_date: Date;
  /** ISK, whole kronur; negative for a refund. */
  transaction_amount: number;
  transaction_currency: string;
  /** As the merchant charged, in that currency's minor units. */
  original_amount: number;
  original_currency: string;
  original_exponent: number;
  /** Null while unsettled (a pending authorization). */
  closed_at: Date | null;
  unsettled: boolean;
  exported: boolean;
  latest_export_id: string | null;
  comments: string | null;
  card: { id: string; last_four: string };
  cardholder: { user_id: string; full_name: string };
  team: { id: string; name: string } | null;
  category: { id: string; title: string; code: string } | null;
  tax_category_id: string | null;
  has_receipt: boolean;
  rule_violations: RuleViolationDto[];
};

const MESSAGES: Record<RuleId, string> = {
  MissingCategory: "The transaction has no category.",
  MissingReceipt: "The receipt is missing.",
  CaptureExcess: "The clearing exceeded its authorization by more than the tolerance; the card is locked for review.",
};

/** The rules a ledger row breaks, in the order the ledger shows them. */
export const ruleViolationsOf = (
  row: Pick<LedgerRow, "category_id" | "missing_receipt" | "capture_excess">,
): RuleViolationDto[] => {
  const violations: RuleViolationDto[] = [];
  if (row.category_id === null) violations.push({ rule_id: "MissingCategory", message: MESSAGES.MissingCategory });
  if (row.missing_receipt) violations.push({ rule_id: "MissingReceipt", message: MESSAGES.MissingReceipt });
  if (row.capture_excess !== null) violations.push({ rule_id: "CaptureExcess", message: MESSAGES.CaptureExcess });
  return violations;
};

const toDto = (row: LedgerRow): LedgerTransactionDto => {
  const violations = ruleViolationsOf(row);
  return {
    id: row.id,
    merchant: row.merchant_name,
    description: row.description,
    transaction_date: new Date(row.transaction_date),
    transaction_amount: bigintValue(row.transaction_amount),
    transaction_currency: row.transaction_currency,
    original_amount: bigintValue(row.original_amount),
    original_currency: row.original_currency,
    original_exponent: row.original_exponent,
    closed_at: row.closed_at === null ? null : new Date(row.closed_at),
    unsettled: row.closed_at === null,
    exported: row.latest_export_id !== null,
    latest_export_id: row.latest_export_id,
    comments: row.comments,
    card: { id: row.card_id, last_four: row.card_last_four },
    cardholder: { user_id: row.user_id, full_name: row.cardholder_name },
    team: row.team_id !== null && row.team_name !== null ? { id: row.team_id, name: row.team_name } : null,
    category:
      row.category_id !== null && row.category_title !== null
        ? { id: row.category_id, title: row.category_title, code: row.category_code ?? "" }
        : null,
    tax_category_id: row.tax_category_id,
    has_receipt: row.has_receipt,
    rule_violations: violations,
  };
};

/** The ledger's default range (spec 2): the current billing period, 27th to 26th. */
export const defaultRange = (now: Date): Pick<LedgerFilter, "from_date" | "to_date"> => {
  const { from, to } = billingPeriodDates(currentBillingPeriod(now));
  return { from_date: from, to_date: to };
};

type Read = { scope: ListScope; rules: RuleSettings; projectId: string };

/** Who may read (or export) what, from the session alone: the receipt grace period is read by the statement itself. */
const readFor = (deps: LedgerDeps, ctx: ProjectContext, action: "read" | "export" = "read"): Read => {
  const scope = listScope(ctx, "transaction", action);
  const projectId = ctx.membership.projectId;
  return { scope, projectId, rules: { projectId, now: deps.now() } };
};

const parseFilter = (deps: LedgerDeps, filter: unknown): LedgerFilter =>
  ledgerFilterSchema.parse({ ...defaultRange(deps.now()), ...(filter ?? {}) });

export type LedgerArgs = { filter?: unknown; sort?: unknown; after?: unknown; limit?: unknown };

export type LedgerPageDto = { nodes: LedgerTransactionDto[]; next_cursor: string | null };

const cursorOf = (sort: LedgerSort, row: LedgerRow): string =>
  encodeCursor({
    value: sort.startsWith("DATE") ? row.date_key : String(row.transaction_amount),
    id: row.id,
  });

/**
 * Spec 7, transactions v2: a page of the ledger the caller may read (project, their teams' and their own, or
 * their own; the scope is the server's whatever the filter asks), in date or amount order, by cursor.
 */
export const listLedgerFor = async (
  deps: LedgerDeps,
  ctx: ProjectContext,
  args: LedgerArgs,
): Promise<LedgerPageDto> => {
  const read = readFor(deps, ctx);
  const filter = parseFilter(deps, args.filter);
  const page = ledgerPageSchema.parse({ sort: args.sort, after: args.after, limit: args.limit });
  const where = filterConditions(read.projectId, read.scope, filter, read.rules);
  const rows = await ledgerPage(deps.db, where, read.rules, page.sort, page.after ?? null, page.limit);
  if (rows === null) throw new AppError("VALIDATION_FAILED", "The cursor belongs to another sort order.");
  const { nodes, next_cursor } = pageOf(rows, page.limit, (last) => cursorOf(page.sort, last));
  return { nodes: nodes.map(toDto), next_cursor };
};

/** Since the app lists everything the person ever bought on their cards, the range starts well before Kort. */
const EARLIEST_DAY = "2000-01-01";

/**
 * The employee app's "my purchases": the ledger narrowed to the caller as cardholder, whatever their role (the app
 * shows their own), newest first unless another sort is asked, all time, optionally one to-do kind or any to-do. The
 * ledger's own scope still applies.
 */
export const listOwnTransactionsFor = (
  deps: LedgerDeps,
  ctx: ProjectContext,
  args: { after?: string; limit: number; todo?: LedgerTodo; sort?: LedgerSort },
): Promise<LedgerPageDto> =>
  listLedgerFor(deps, ctx, {
    filter: {
      from_date: EARLIEST_DAY,
      to_date: deps.now().toISOString().slice(0, 10),
      user_ids: [ctx.user.id],
      todo: args.todo ?? null,
    },
    sort: args.sort ?? "DATE_DESC",
    after: args.after ?? null,
    limit: args.limit,
  });

export type SelectionTotalsDto = {
  count: number;
  /** ISK, whole kronur, refunds subtracted. */
  total_amount: number;
  by_currency: { currency: string; exponent: number; count: number; amount: number; amount_isk: number }[];
};

/**
 * Spec 7, selection totals: count and sums of a selection computed on the server, whether it was picked row by
 * row or is "all in the filter" with some left out. Rows outside the caller's scope are never counted.
 */
export const selectionTotalsFor = async (
  deps: LedgerDeps,
  ctx: ProjectContext,
  input: unknown,
): Promise<SelectionTotalsDto> => {
  const where = selectionCondition(await resolveSelection(deps, ctx, input, "read"));
  const rows = await selectionTotals(deps.db, where);
  const byCurrency = rows.map((row) => ({
    currency: row.currency,
    exponent: row.exponent,
    count: bigintValue(row.count),
    amount: bigintValue(row.original),
    amount_isk: bigintValue(row.isk),
  }));
  return {
    count: byCurrency.reduce((sum, row) => sum + row.count, 0),
    total_amount: byCurrency.reduce((sum, row) => sum + row.amount_isk, 0),
    by_currency: byCurrency,
  };
};

/**
 * A selection as work that runs later (an export) keeps it: the company, the caller's scope for the action and the
 * rules as of the request, with the rows picked or the filter and the rows left out. Plain JSON, so a job rebuilds
 * exactly the rows the person saw, whoever runs it.
 */
export type StoredSelection = {
  projectId: string;
  scope: ListScope;
  /** The instant the rules (MissingReceipt's grace) are read at. */
  rules: { now: string };
} & ({ transaction_ids: string[] } | { filter: LedgerFilter; excluded_ids: string[] });

/** Reads a selection (spec 7's shape) within the caller's scope for `action`, ready to store or to query. */
export const resolveSelection = async (
  deps: LedgerDeps,
  ctx: ProjectContext,
  input: unknown,
  action: "read" | "export",
): Promise<StoredSelection> => {
  const read = readFor(deps, ctx, action);
  // A filter without dates means the current billing period, as the ledger's own.
  const raw = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
  const selection = selectionSchema.parse(
    "filter" in raw ? { ...raw, filter: { ...defaultRange(deps.now()), ...(raw.filter as object | undefined) } } : raw,
  );
  const base = {
    projectId: read.projectId,
    scope: read.scope,
    rules: { now: read.rules.now.toISOString() },
  };
  return "transaction_ids" in selection
    ? { ...base, transaction_ids: selection.transaction_ids }
    : { ...base, filter: selection.filter, excluded_ids: selection.excluded_ids ?? [] };
};

/** The rows of a stored selection as a condition on `transactions t`: never outside its company and scope. */
export const selectionCondition = (stored: StoredSelection): SQL => {
  const rules = { projectId: stored.projectId, now: new Date(stored.rules.now) };
  if ("transaction_ids" in stored) {
    // The explicit rows, still inside the caller's scope: any range, since rows are picked by id.
    const wide = ledgerFilterSchema.parse({ from_date: "0001-01-01", to_date: "9999-12-30" });
    return sql`${filterConditions(stored.projectId, stored.scope, wide, rules)}
      and t.id = any(${sql.param(stored.transaction_ids)}::uuid[])`;
  }
  const where = filterConditions(stored.projectId, stored.scope, stored.filter, rules);
  return stored.excluded_ids.length > 0
    ? sql`${where} and not (t.id = any(${sql.param(stored.excluded_ids)}::uuid[]))`
    : where;
};

export type RuleViolationCountDto = { rule_id: TodoFilter; count: number };

/** Spec 7, rule violation counts: how many rows of the filter break each rule, beside the todo filters. */
export const ruleViolationCountsFor = async (
  deps: LedgerDeps,
  ctx: ProjectContext,
  filterInput: unknown,
): Promise<RuleViolationCountDto[]> => {
  const read = readFor(deps, ctx);
  const filter = parseFilter(deps, filterInput);
  const counts = await ruleViolationCounts(deps.db, read.projectId, read.scope, filter, read.rules);
  return [
    { rule_id: "MissingCategory", count: bigintValue(counts.missing_category) },
    { rule_id: "MissingReceipt", count: bigintValue(counts.missing_receipt) },
  ];
};

export type TransactionDetailsDto = TransactionExtras & { transaction: LedgerTransactionDto };

/**
 * Spec 7, transaction by id: the ledger's row and what the panel adds. Another company's transaction is
 * NOT_FOUND; one of this company outside the caller's reach ACCESS_DENIED, as the policy says with its team and
 * cardholder.
 */
export const getTransactionFor = async (
  deps: LedgerDeps,
  ctx: ProjectContext,
  id: string,
): Promise<TransactionDetailsDto> => {
  const read = readFor(deps, ctx);
  const parsed = z.uuid().safeParse(id);
  const row = parsed.success ? await ledgerRow(deps.db, read.projectId, parsed.data, read.rules) : undefined;
  if (!row) throw new AppError("NOT_FOUND", "The transaction was not found.");
  authorize(ctx, "transaction", "read", { project_id: read.projectId, team_id: row.team_id, user_id: row.user_id });
  return { transaction: toDto(row), ...(await transactionExtras(deps.db, read.projectId, row.id)) };
};

/** One ledger row with its rule violations, for other modules' checks (the processor's capture tests). */
export { ledgerRow } from "./ledger.repo.ts";
