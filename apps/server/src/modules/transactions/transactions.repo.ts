import { and, eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { transactions } from "../../platform/db/schema/index.ts";

/** A transaction as the policy sees it: its project, team and cardholder. */
export type TransactionOwner = { id: string; projectId: string; teamId: string | null; userId: string };

/** One transaction of the project, or null: another project's id finds nothing. */
export const findTransactionOwner = async (
  db: Executor,
  projectId: string,
  transactionId: string,
): Promise<TransactionOwner | null> => {
  const [row] = await db
    .select({
      id: transactions.id,
      projectId: transactions.projectId,
      teamId: transactions.teamId,
      userId: transactions.userId,
    })
    .from(transactions)
    .where(and(eq(transactions.projectId, projectId), eq(transactions.id, transactionId)));
  return row ?? null;
};
