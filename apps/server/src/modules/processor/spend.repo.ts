import type { BillingPeriod } from "@kort/core";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import type { DecisionLimit, LimitUsage, TeamControl } from "./decide.ts";
import { limitWindowStart, teamWindows } from "./periods.ts";

/**
 * What counts against limits, the way the teams module counts a budget: pending authorizations by the time they
 * were made, and settled transactions (closed_at set) by transaction date, which for a clearing is its
 * authorization's time. Reversed and declined authorizations count nothing; a cleared one counts once, as its
 * transaction, at the settled amount; refunds are negative and give the amount back. A purchase is a pending
 * authorization or a transaction made from one (refunds are not purchases).
 */
const spendRows = (owner: "card_id" | "team_id", ownerId: string, from: Date, now: Date): SQL => {
  const column = sql.raw(owner);
  return sql`
    select a.created_at as at, a.amount as amount, a.mcc in ('6010', '6011') as atm, 1 as purchase
      from authorizations a
     where a.${column} = ${ownerId} and a.status = 'pending' and a.created_at >= ${from} and a.created_at <= ${now}
    union all
    select t.transaction_date, t.transaction_amount, coalesce(t.mcc in ('6010', '6011'), false),
           case when t.authorization_id is null then 0 else 1 end
      from transactions t
     where t.${column} = ${ownerId} and t.closed_at is not null
       and t.transaction_date >= ${from} and t.transaction_date <= ${now}`;
};

const kindFilter = (usage: DecisionLimit["usageType"]): SQL =>
  usage === "ATM" ? sql` and s.atm` : usage === "RETAIL" ? sql` and not s.atm` : sql``;

const numberAt = (row: Record<string, unknown> | undefined, key: string): number => {
  const value = row?.[key];
  const number = typeof value === "string" || typeof value === "number" ? Number(value) : 0;
  if (!Number.isSafeInteger(number)) throw new RangeError(`Sum ${key} is not a safe integer`);
  return number;
};

const earliest = (dates: readonly Date[]): Date => new Date(Math.min(...dates.map((date) => date.getTime())));

/** Each limit's usage at `now`: the sum and purchase count in its window, of the purchases its usage type covers. */
export const cardUsage = async (
  tx: Executor,
  cardId: string,
  limits: readonly DecisionLimit[],
  now: Date,
): Promise<LimitUsage[]> => {
  if (limits.length === 0) return [];
  const starts = limits.map((limit) => limitWindowStart(limit.period, now));
  const columns = limits.map((limit, index) => {
    const where = sql`s.at >= ${starts[index]}${kindFilter(limit.usageType)}`;
    return sql`coalesce(sum(s.amount) filter (where ${where}), 0)::bigint as ${sql.raw(`sum_${index}`)},
      count(*) filter (where s.purchase = 1 and ${where}) as ${sql.raw(`count_${index}`)}`;
  });
  const result = await tx.execute(
    sql`select ${sql.join(columns, sql`, `)} from (${spendRows("card_id", cardId, earliest(starts), now)}) s`,
  );
  const row = result.rows[0];
  return limits.map((_limit, index) => ({
    sum: numberAt(row, `sum_${index}`),
    count: numberAt(row, `count_${index}`),
  }));
};

export type TeamLimits = { maxDaily: number | null; maxWeekly: number | null; maxMonthly: number | null };

/** The team's spend in its day, Monday week and billing period, beside its maxima. */
export const teamControl = async (
  tx: Executor,
  teamId: string,
  limits: TeamLimits,
  now: Date,
): Promise<TeamControl> => {
  if (limits.maxDaily === null && limits.maxWeekly === null && limits.maxMonthly === null) {
    return { ...limits, usedDaily: 0, usedWeekly: 0, usedMonthly: 0 };
  }
  const windows = teamWindows(now);
  const from = earliest([windows.daily, windows.weekly, windows.monthly]);
  const result = await tx.execute(sql`
    select coalesce(sum(s.amount) filter (where s.at >= ${windows.daily}), 0)::bigint as daily,
           coalesce(sum(s.amount) filter (where s.at >= ${windows.weekly}), 0)::bigint as weekly,
           coalesce(sum(s.amount) filter (where s.at >= ${windows.monthly}), 0)::bigint as monthly
      from (${spendRows("team_id", teamId, from, now)}) s`);
  const row = result.rows[0];
  return {
    ...limits,
    usedDaily: numberAt(row, "daily"),
    usedWeekly: numberAt(row, "weekly"),
    usedMonthly: numberAt(row, "monthly"),
  };
};

export type CreditUse = { used: number; reserved: number };

/**
 * The project's credit in use: reserved is every pending authorization; used is what settled (closed_at set)
 * with a transaction date in the billing period, refunds subtracted.
 */
export const creditUse = async (tx: Executor, projectId: string, period: BillingPeriod): Promise<CreditUse> => {
  const result = await tx.execute(sql`
    select (select coalesce(sum(amount), 0) from authorizations
             where project_id = ${projectId} and status = 'pending')::bigint as reserved,
           (select coalesce(sum(transaction_amount), 0) from transactions
             where project_id = ${projectId} and closed_at is not null
               and transaction_date >= ${period.from} and transaction_date < ${period.to})::bigint as used`);
  const row = result.rows[0];
  return { used: numberAt(row, "used"), reserved: numberAt(row, "reserved") };
};
