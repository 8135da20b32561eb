import type { SpendingDimension } from "@kort/core";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";

/**
 * The Overview's figures (issue 16), each one aggregate statement scoped by company. Spending is what /expenses
 * lists for the period (every transaction dated in it, settled or not, refunds negative), so a row's link shows
 * the same sum; it reads `transactions_project_date_idx` for the period's range and groups once.
 */

export type SpendingRow = { key: string | null; label: string | null; amount: number; count: number };
export type Spending = { rows: SpendingRow[]; others: { amount: number; count: number } | null; total: number };

const safe = (value: unknown): number => {
  const number = typeof value === "number" ? value : Number(value ?? 0);
  if (!Number.isSafeInteger(number)) throw new RangeError("An overview figure is not a safe integer");
  return number;
};

/** The grouping key of each dimension and how its label is read, after grouping (one lookup per group, not row). */
const DIMENSIONS: Record<SpendingDimension, { key: SQL; label: (projectId: string) => SQL }> = {
  TEAM: {
    key: sql`t.team_id::text`,
    label: (p) => sql`(select tm.name from teams tm where tm.project_id = ${p} and tm.id = g.key::uuid)`,
  },
  USER: {
    key: sql`t.user_id::text`,
    label: () => sql`(select u.full_name from users u where u.id = g.key::uuid)`,
  },
  CATEGORY: {
    key: sql`t.category_id::text`,
    label: (p) => sql`(select c.title from categories c where c.project_id = ${p} and c.id = g.key::uuid)`,
  },
  MERCHANT: { key: sql`t.merchant_name`, label: () => sql`g.key` },
};

/**
 * Spend of the period [from, to) by one dimension: the `top` largest groups with their labels, the rest summed,
 * and the total. One statement: the period's rows are grouped once; only the top groups are labelled.
 */
export const spendingStatement = (
  projectId: string,
  dimension: SpendingDimension,
  from: Date,
  to: Date,
  top: number,
): SQL => {
  const { key, label } = DIMENSIONS[dimension];
  return sql`
    with g as (
      select ${key} as key, sum(t.transaction_amount)::bigint as amount, count(*)::bigint as count
        from transactions t
       where t.project_id = ${projectId} and t.transaction_date >= ${from} and t.transaction_date < ${to}
       group by 1),
    r as (select g.*, row_number() over (order by g.amount desc, g.key nulls last) as rank from g)
    select g.key, ${label(projectId)} as label, g.amount, g.count, false as others
      from r g where g.rank <= ${top}
    union all
    select null, null, coalesce(sum(r.amount), 0)::bigint, coalesce(sum(r.count), 0)::bigint, true
      from r where r.rank > ${top}
     having count(*) > 0
    order by others, amount desc`;
};

type SpendingRaw = { key: string | null; label: string | null; amount: unknown; count: unknown; others: boolean };

export const spendingBy = async (
  db: Executor,
  projectId: string,
  dimension: SpendingDimension,
  from: Date,
  to: Date,
  top: number,
): Promise<Spending> => {
  const result = await db.execute<SpendingRaw>(spendingStatement(projectId, dimension, from, to, top));
  const rows: SpendingRow[] = [];
  let others: Spending["others"] = null;
  for (const row of result.rows) {
    const amount = safe(row.amount);
    const count = safe(row.count);
    if (row.others) others = { amount, count };
    else rows.push({ key: row.key, label: row.label, amount, count });
  }
  const total = rows.reduce((sum, row) => sum + row.amount, others?.amount ?? 0);
  return { rows, others, total };
};

/**
 * Settled spend and deposits of the given billing periods, from the running balances (credit_balances,
 * credit_deposits: docs/balances.md): one row per period by key, never a sum over the ledger.
 */
export const trendStatement = (projectId: string, starts: readonly Date[]): SQL => {
  const values = sql.join(
    starts.map((start) => sql`(${start}::timestamptz)`),
    sql`, `,
  );
  return sql`
    select p.start as period_start,
           coalesce(c.settled, 0)::bigint as settled,
           coalesce(d.deposited, 0)::bigint as deposited
      from (values ${values}) as p(start)
      left join credit_balances c on c.project_id = ${projectId} and c.period_start = p.start
      left join credit_deposits d on d.project_id = ${projectId} and d.period_start = p.start
     order by p.start`;
};

export const periodTrend = async (
  db: Executor,
  projectId: string,
  starts: readonly Date[],
): Promise<{ period_start: Date; settled: number; deposited: number }[]> => {
  const result = await db.execute<{ period_start: string | Date; settled: unknown; deposited: unknown }>(
    trendStatement(projectId, starts),
  );
  return result.rows.map((row) => ({
    period_start: new Date(row.period_start),
    settled: safe(row.settled),
    deposited: safe(row.deposited),
  }));
};
