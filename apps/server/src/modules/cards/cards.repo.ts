import { and, eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { cardLimits, cards, projectMembers } from "../../platform/db/schema/index.ts";

export type NewCard = typeof cards.$inferInsert;
export type NewCardLimit = typeof cardLimits.$inferInsert;

export const insertCard = async (tx: Executor, values: NewCard): Promise<void> => {
  await tx.insert(cards).values(values);
};

export const insertCardLimit = async (tx: Executor, values: NewCardLimit): Promise<void> => {
  await tx.insert(cardLimits).values(values);
};

/** The actor's limit control in the project (spec: User.limit_control), or undefined when not a member. */
export const limitControlOf = async (db: Executor, projectId: string, userId: string) => {
  const [member] = await db
    .select({
      maxMonthlyLimit: projectMembers.maxMonthlyLimit,
      allowIssuingCardsToSelf: projectMembers.allowIssuingCardsToSelf,
    })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  return member;
};

export type CardChange = Partial<
  Pick<
    NewCard,
    | "status"
    | "statusChangedAt"
    | "description"
    | "cardholderId"
    | "teamId"
    | "defaultTransactionCategoryId"
    | "closedAt"
  >
> & { updatedAt: Date };

export const updateCard = async (tx: Executor, projectId: string, cardId: string, change: CardChange) => {
  await tx
    .update(cards)
    .set(change)
    .where(and(eq(cards.projectId, projectId), eq(cards.id, cardId)));
};

/** Replaces the card's limits with one entry (spec section 3: count 1000, single = sum, usage ALL). */
export const replaceCardLimit = async (tx: Executor, values: NewCardLimit): Promise<void> => {
  await tx
    .delete(cardLimits)
    .where(and(eq(cardLimits.projectId, values.projectId), eq(cardLimits.cardId, values.cardId)));
  await tx.insert(cardLimits).values(values);
};
