import { and, eq, isNull, ne } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { cards } from "../../platform/db/schema/index.ts";

/** A holder's cards of one type in the project that are not closed yet. */
const openCardsOf = (projectId: string, cardholderId: string, cardType: "BUSINESS_EXPENSE" | "EMPLOYEE_EXPENSE") =>
  and(
    eq(cards.projectId, projectId),
    eq(cards.cardholderId, cardholderId),
    eq(cards.cardType, cardType),
    isNull(cards.closedAt),
    ne(cards.status, "CLOSED"),
  );

/** Closes the holder's open employee-expense cards in the project (final); answers their ids. */
export const closeEmployeeCards = async (
  tx: Executor,
  projectId: string,
  cardholderId: string,
  now: Date,
): Promise<string[]> => {
  const rows = await tx
    .update(cards)
    .set({ status: "CLOSED", statusChangedAt: now, closedAt: now, updatedAt: now })
    .where(openCardsOf(projectId, cardholderId, "EMPLOYEE_EXPENSE"))
    .returning({ id: cards.id });
  return rows.map((row) => row.id);
};

/** Gives the holder's open business-expense cards in the project to another holder; answers their ids. */
export const reassignBusinessCards = async (
  tx: Executor,
  projectId: string,
  from: string,
  to: string,
  now: Date,
): Promise<string[]> => {
  const rows = await tx
    .update(cards)
    .set({ cardholderId: to, updatedAt: now })
    .where(openCardsOf(projectId, from, "BUSINESS_EXPENSE"))
    .returning({ id: cards.id });
  return rows.map((row) => row.id);
};
