import type { BillingPeriod } from "@kort/core";
import { and, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { authorizations, transactions } from "../../platform/db/schema/index.ts";

/**
 * What each team has used of its budget in a billing period: its settled transactions (closed_at set) by
 * transaction date, plus its pending authorizations by the time they were made. A pending authorization has
 * no settled transaction yet, so nothing is counted twice; refunds are negative and reduce the sum.
 */
export const usedByTeams = async (
  db: Executor,
  projectId: string,
  teamIds: readonly string[],
  period: BillingPeriod,
): Promise<Map<string, number>> => {
  if (teamIds.length === 0) return new Map();
  const settled = db
    .select({
      teamId: sql<string>`${transactions.teamId}`.as("team_id"),
      amount: sql<string>`${transactions.transactionAmount}`.as("amount"),
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.projectId, projectId),
        inArray(transactions.teamId, [...teamIds]),
        isNotNull(transactions.closedAt),
        gte(transactions.transactionDate, period.from),
        lt(transactions.transactionDate, period.to),
      ),
    );
  const pending = db
    .select({
      teamId: sql<string>`${authorizations.teamId}`.as("team_id"),
      amount: sql<string>`${authorizations.amount}`.as("amount"),
    })
    .from(authorizations)
    .where(
      and(
        eq(authorizations.projectId, projectId),
        inArray(authorizations.teamId, [...teamIds]),
        eq(authorizations.status, "pending"),
        gte(authorizations.createdAt, period.from),
        lt(authorizations.createdAt, period.to),
      ),
    );
  const spend = settled.unionAll(pending).as("spend");
  const rows = await db
    .select({ teamId: spend.teamId, used: sql<number>`coalesce(sum(${spend.amount}), 0)::bigint`.mapWith(Number) })
    .from(spend)
    .groupBy(spend.teamId);
  return new Map(rows.map((row) => [row.teamId, row.used]));
};
