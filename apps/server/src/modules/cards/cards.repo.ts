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
