import { RECEIPT_MISSING_DAYS_DEFAULT } from "@kort/core";
import { type SQL, sql } from "drizzle-orm";
import { bigintValue } from "../../platform/db/bigint.ts";
import type { Executor } from "../../platform/db/client.ts";
import { isTimeText } from "../../platform/db/keyset-cursor.ts";
import { containsPattern } from "../../platform/db/like.ts";
import type { ListScope } from "../../platform/http/list-scope.ts";
import type { LedgerCursor, LedgerFilter, LedgerSort } from "./ledger.schemas.ts";

/**
 * The expenses ledger in SQL. Every query starts from `transactions t` of one project inside a date range, with
 * the caller's scope and the filter as plain conditions, so PostgreSQL walks one of the (project, [team | user],
 * date, id) indexes and stops after a page. Pages are keyset: the next page starts after the last row's
 * (sort value, id), never at an OFFSET.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The range's half-open bounds: from 00:00 UTC of the first day to 00:00 UTC after the last. */
export const rangeOf = (filter: Pick<LedgerFilter, "from_date" | "to_date">) => ({
  from: new Date(`${filter.from_date}T00:00:00.000Z`),
  to: new Date(new Date(`${filter.to_date}T00:00:00.000Z`).getTime() + DAY_MS),
});

/** What the rules of spec 5 need: the project (whose receipt grace period applies) and the instant they are read at. */
export type RuleSettings = { projectId: string; now: Date };

/**
 * The instant before which a purchase without a receipt is late: `now` less the project's grace period (spec 5:
 * `preferences.receipt_missing_days`, 7 days unless set). The setting is read by a subquery inside the statement
 * that needs it (PostgreSQL runs it once, as an init plan) rather than by a statement of its own: that was a second
 * round trip on every ledger call. 24-hour days, as the grace period was always counted.
 */
const receiptDeadline = (rules: RuleSettings): SQL =>
  sql`(${rules.now}::timestamptz - interval '24 hours' * coalesce((select (p.preferences ->> 'receipt_missing_days')::int from projects p where p.id = ${rules.projectId}), ${RECEIPT_MISSING_DAYS_DEFAULT}::int))`;

/**
 * A purchase (not a refund) older than the receipt grace period with no receipt: spec 5's MissingReceipt. It reads
 * `receipt_count`, which triggers keep, in the form of the partial index `transactions_project_receiptless_idx`.
 */
const missingReceipt = (rules: RuleSettings): SQL =>
  sql`(t.receipt_count = 0 and t.transaction_amount > 0 and t.transaction_date < ${receiptDeadline(rules)})`;

const missingCategory = sql`(t.category_id is null)`;

const scopeCondition = (scope: ListScope): SQL | undefined => {
  switch (scope.kind) {
    case "project":
      return undefined;
    case "team": {
      const teams =
        scope.teamIds.length > 0 ? sql`t.team_id = any(${sql.param([...scope.teamIds])}::uuid[])` : sql`false`;
      return scope.userId ? sql`(${teams} or t.user_id = ${scope.userId})` : teams;
    }
    case "own":
      return sql`t.user_id = ${scope.userId}`;
  }
};

const anyOf = (column: SQL, values: readonly string[] | undefined): SQL | undefined =>
  values && values.length > 0 ? sql`${column} = any(${sql.param([...values])}::uuid[])` : undefined;

/** The conditions of a filter, the scope and the project, without the todo rules (those count separately). */
const baseConditions = (projectId: string, scope: ListScope, filter: LedgerFilter): SQL[] => {
  const { from, to } = rangeOf(filter);
  const search = filter.search ? containsPattern(filter.search) : null;
  const conditions: (SQL | undefined)[] = [
    sql`t.project_id = ${projectId}`,
    sql`t.transaction_date >= ${from}`,
    sql`t.transaction_date < ${to}`,
    scopeCondition(scope),
    anyOf(sql`t.team_id`, filter.team_ids),
    anyOf(sql`t.user_id`, filter.user_ids),
    anyOf(sql`t.card_id`, filter.card_ids),
    anyOf(sql`t.category_id`, filter.category_ids),
    anyOf(sql`t.tax_category_id`, filter.tax_category_ids),
    filter.unsettled === true ? sql`t.closed_at is null` : undefined,
    filter.unsettled === false ? sql`t.closed_at is not null` : undefined,
    filter.exported === true ? sql`t.latest_export_id is not null` : undefined,
    filter.exported === false ? sql`t.latest_export_id is null` : undefined,
    search
      ? sql`(t.merchant_name ilike ${search} or t.description ilike ${search} or t.comments ilike ${search})`
      : undefined,
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
};

const todoCondition = (filter: LedgerFilter, rules: RuleSettings): SQL | undefined => {
  if (filter.todo === "MissingCategory") return missingCategory;
  if (filter.todo === "MissingReceipt") return missingReceipt(rules);
  if (filter.todo === "Any") return sql`(${missingCategory} or ${missingReceipt(rules)})`;
  return undefined;
};

/** Every condition of the filter, todo rule included. */
export const filterConditions = (
  projectId: string,
  scope: ListScope,
  filter: LedgerFilter,
  rules: RuleSettings,
): SQL => {
  const todo = todoCondition(filter, rules);
  return sql.join(
    todo ? [...baseConditions(projectId, scope, filter), todo] : baseConditions(projectId, scope, filter),
    sql` and `,
  );
};

const ORDER: Record<LedgerSort, { column: SQL; descending: boolean }> = {
  DATE_DESC: { column: sql`t.transaction_date`, descending: true },
  DATE_ASC: { column: sql`t.transaction_date`, descending: false },
  AMOUNT_DESC: { column: sql`t.transaction_amount`, descending: true },
  AMOUNT_ASC: { column: sql`t.transaction_amount`, descending: false },
};

/** The cursor's value as the sort column's type; a value that does not parse is a cursor from another sort. */
const cursorValue = (sort: LedgerSort, cursor: LedgerCursor): SQL | null => {
  if (sort.startsWith("DATE")) {
    // PostgreSQL's own text of the timestamp, microseconds and all (a JS Date would drop them and skip rows).
    return isTimeText(cursor.value) ? sql`${cursor.value}::timestamptz` : null;
  }
  return /^-?[0-9]{1,15}$/.test(cursor.value) ? sql`${cursor.value}::bigint` : null;
};

export type LedgerRow = {
  id: string;
  merchant_name: string;
  description: string;
  transaction_date: Date;
  /** The date as PostgreSQL writes it, to the microsecond: the date cursors' value. */
  date_key: string;
  transaction_amount: string;
  transaction_currency: string;
  original_amount: string;
  original_currency: string;
  original_exponent: number;
  closed_at: Date | null;
  latest_export_id: string | null;
  comments: string | null;
  card_id: string;
  card_last_four: string;
  user_id: string;
  cardholder_name: string;
  team_id: string | null;
  team_name: string | null;
  category_id: string | null;
  category_title: string | null;
  category_code: string | null;
  tax_category_id: string | null;
  has_receipt: boolean;
  missing_receipt: boolean;
  /** ISK a clearing went past its authorization's tolerance by (processor/capture-tolerance.ts); null when not. */
  capture_excess: string | number | null;
};

/**
 * The ledger's columns of `transactions t` and the names beside them; the caller adds where and order.
 *
 * The names (card, cardholder, team, category) are scalar subqueries by primary key, not joins: with four joins
 * PostgreSQL spent about 1.1 ms planning the join order of every page, four times what running it took, while
 * each subquery is planned on its own in microseconds and runs only for the rows the page returns (a primary-key
 * lookup on a small table each: about 0.1 ms more to run a page of 100, 1 ms less to plan it). It is still one
 * statement; nothing is sent per row. Card and cardholder are never null (restricted foreign keys), as the joins
 * assumed.
 */
const ledgerSelect = (rules: RuleSettings): SQL => sql`
    select t.id, t.merchant_name, t.description, t.transaction_date, t.transaction_date::text as date_key,
           t.transaction_amount, t.transaction_currency,
           t.original_amount, t.original_currency, t.original_exponent, t.closed_at, t.latest_export_id, t.comments,
           t.card_id, (select c.masked_number from cards c where c.project_id = t.project_id and c.id = t.card_id) as card_last_four,
           t.user_id, (select u.full_name from users u where u.id = t.user_id) as cardholder_name,
           t.team_id, (select tm.name from teams tm where tm.project_id = t.project_id and tm.id = t.team_id) as team_name,
           t.category_id, (select cat.title from categories cat where cat.project_id = t.project_id and cat.id = t.category_id) as category_title,
           (select cat.code from categories cat where cat.project_id = t.project_id and cat.id = t.category_id) as category_code,
           t.tax_category_id,
           t.receipt_count > 0 as has_receipt,
           ${missingReceipt(rules)} as missing_receipt,
           t.capture_excess
      from transactions t`;

/** One transaction of the project as the ledger shows it; undefined when the project has no such transaction. */
export const ledgerRow = async (
  db: Executor,
  projectId: string,
  id: string,
  rules: RuleSettings,
): Promise<LedgerRow | undefined> => {
  const result = await db.execute<LedgerRow>(
    sql`${ledgerSelect(rules)} where t.project_id = ${projectId} and t.id = ${id}`,
  );
  return result.rows[0];
};

export type TransactionExtras = {
  approval_code: string | null;
  tax_category: { id: string; code: string; percentage: string } | null;
  team_category: { id: string; title: string; code: string } | null;
  dimension_values: { dimension_id: string; dimension_title: string; value_id: string; value_title: string }[];
  /** The categorisation rule that filled it at settlement (issue 19), deleted ones included; null once a person set it. */
  categorised_by_rule: { id: string; name: string } | null;
  /** ISK the network authorized before it cleared (issue 13); null for a purchase without an authorization. */
  authorized_amount: number | null;
  /** ISK the clearing went over its authorization when that was past the tolerance; null otherwise. */
  capture_excess: number | null;
};

/** What the panel shows beyond the ledger's row: authorization number, tax and team category, dimension values. */
export const transactionExtras = async (db: Executor, projectId: string, id: string): Promise<TransactionExtras> => {
  const head = await db.execute<{
    approval_code: string | null;
    tax_id: string | null;
    tax_code: string | null;
    tax_percentage: string | null;
    team_category_id: string | null;
    team_category_title: string | null;
    team_category_code: string | null;
    rule_id: string | null;
    rule_name: string | null;
    authorized_amount: string | null;
    capture_excess: string | null;
  }>(sql`
    select a.approval_code, a.amount::text as authorized_amount, t.capture_excess::text as capture_excess,
           tc.id as tax_id, tc.code as tax_code, trim_scale(tc.percentage)::text as tax_percentage,
           tcat.id as team_category_id, tcat.title as team_category_title, tcat.code as team_category_code,
           cr.id as rule_id, cr.name as rule_name
      from transactions t
      left join authorizations a on a.project_id = t.project_id and a.id = t.authorization_id
      left join tax_categories tc on tc.project_id = t.project_id and tc.id = t.tax_category_id
      left join categories tcat on tcat.project_id = t.project_id and tcat.id = t.team_category_id
      left join categorisation_rules cr on cr.project_id = t.project_id and cr.id = t.categorised_by_rule_id
     where t.project_id = ${projectId} and t.id = ${id}`);
  const values = await db.execute<TransactionExtras["dimension_values"][number]>(sql`
    select d.id as dimension_id, d.title as dimension_title, v.id as value_id, v.title as value_title
      from transaction_dimension_values tdv
      join dimensions d on d.project_id = tdv.project_id and d.id = tdv.dimension_id
      join dimension_values v on v.project_id = tdv.project_id and v.id = tdv.dimension_value_id
     where tdv.project_id = ${projectId} and tdv.transaction_id = ${id}
     order by d.title, d.id`);
  const row = head.rows[0];
  return {
    approval_code: row?.approval_code ?? null,
    tax_category:
      row?.tax_id && row.tax_code && row.tax_percentage !== null
        ? { id: row.tax_id, code: row.tax_code, percentage: row.tax_percentage }
        : null,
    team_category:
      row?.team_category_id && row.team_category_title
        ? { id: row.team_category_id, title: row.team_category_title, code: row.team_category_code ?? "" }
        : null,
    dimension_values: values.rows,
    categorised_by_rule: row?.rule_id && row.rule_name ? { id: row.rule_id, name: row.rule_name } : null,
    authorized_amount: row?.authorized_amount == null ? null : bigintValue(row.authorized_amount),
    capture_excess: row?.capture_excess == null ? null : bigintValue(row.capture_excess),
  };
};

/**
 * The statement of one page of the ledger in `sort` order, after `cursor`, one row more than asked (it says whether
 * more follow); null when the cursor's value is not of this sort. Apart so that the bench's floor runs this very
 * text on plain pg.
 */
export const ledgerPageStatement = (
  where: SQL,
  rules: RuleSettings,
  sort: LedgerSort,
  cursor: LedgerCursor | null,
  limit: number,
): SQL | null => {
  const order = ORDER[sort];
  let after: SQL = sql`true`;
  if (cursor) {
    const value = cursorValue(sort, cursor);
    if (value === null) return null;
    after = order.descending
      ? sql`(${order.column}, t.id) < (${value}, ${cursor.id}::uuid)`
      : sql`(${order.column}, t.id) > (${value}, ${cursor.id}::uuid)`;
  }
  const direction = order.descending ? sql`desc` : sql`asc`;
  return sql`
    ${ledgerSelect(rules)}
     where ${where} and ${after}
     order by ${order.column} ${direction}, t.id ${direction}
     limit ${limit + 1}`;
};

/** One page of the ledger (see ledgerPageStatement); null when the cursor belongs to another sort. */
export const ledgerPage = async (
  db: Executor,
  where: SQL,
  rules: RuleSettings,
  sort: LedgerSort,
  cursor: LedgerCursor | null,
  limit: number,
): Promise<LedgerRow[] | null> => {
  const statement = ledgerPageStatement(where, rules, sort, cursor, limit);
  if (statement === null) return null;
  return (await db.execute<LedgerRow>(statement)).rows;
};

export type SelectionTotalsRow = { currency: string; exponent: number; count: string; original: string; isk: string };

/** Count and sums of the rows `where` selects, per original currency (ISK is one of them). */
export const selectionTotalsStatement = (where: SQL): SQL => sql`
    select t.original_currency as currency, max(t.original_exponent)::int as exponent, count(*)::bigint as count,
           coalesce(sum(t.original_amount), 0)::bigint as original,
           coalesce(sum(t.transaction_amount), 0)::bigint as isk
      from transactions t
     where ${where}
     group by t.original_currency
     order by t.original_currency`;

export const selectionTotals = async (db: Executor, where: SQL): Promise<SelectionTotalsRow[]> =>
  (await db.execute<SelectionTotalsRow>(selectionTotalsStatement(where))).rows;

export type RuleCountsRow = { missing_category: string; missing_receipt: string };

/** How many rows of the filter (its todo aside) break each rule: the counts beside the todo filters. */
export const ruleViolationCounts = async (
  db: Executor,
  projectId: string,
  scope: ListScope,
  filter: LedgerFilter,
  rules: RuleSettings,
): Promise<RuleCountsRow> => {
  const where = sql.join(baseConditions(projectId, scope, filter), sql` and `);
  const result = await db.execute<RuleCountsRow>(sql`
    select count(*) filter (where ${missingCategory})::bigint as missing_category,
           count(*) filter (where ${missingReceipt(rules)})::bigint as missing_receipt
      from transactions t
     where ${where}`);
  return result.rows[0] ?? { missing_category: "0", missing_receipt: "0" };
};
