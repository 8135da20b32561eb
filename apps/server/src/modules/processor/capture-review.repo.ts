import { and, eq, inArray } from "drizzle-orm";
import { writeAudit } from "../../platform/audit/audit.ts";
import type { Executor } from "../../platform/db/client.ts";
import { cards, projectMembers, projects, transactions } from "../../platform/db/schema/index.ts";
import { notify } from "../../platform/notifications/notify.ts";
import { type Tolerances, tolerancesOf } from "./capture-tolerance.ts";

/** The company's capture tolerances (projects.preferences.capture_tolerance), read only when a clearing is above. */
export const captureTolerances = async (tx: Executor, projectId: string): Promise<Tolerances> => {
  const [row] = await tx.select({ preferences: projects.preferences }).from(projects).where(eq(projects.id, projectId));
  return tolerancesOf(row?.preferences ?? {});
};

export type OverCapture = {
  projectId: string;
  cardId: string;
  transactionId: string;
  authorizationId: string;
  authorizedIsk: number;
  clearedIsk: number;
  excessIsk: number;
  now: Date;
};

/**
 * A clearing far above its authorization, posted already: the transaction carries the violation
 * (`capture_excess`), a living card is LOCKED for review (the admins' lock: FROZEN is the holder's own switch,
 * which would let the holder undo the review), and each project owner gets a notification, once per transaction.
 * The holder of a card it locked, unless an owner, is told too (`card.locked_for_review`), so a declined card at the
 * next till has a reason on their phone. In the clearing's transaction, under its card lock.
 */
export const flagOverCapture = async (tx: Executor, event: OverCapture): Promise<void> => {
  await tx
    .update(transactions)
    .set({ captureExcess: event.excessIsk })
    .where(and(eq(transactions.projectId, event.projectId), eq(transactions.id, event.transactionId)));
  const [locked] = await tx
    .update(cards)
    .set({ status: "LOCKED", statusChangedAt: event.now, updatedAt: event.now })
    .where(
      and(
        eq(cards.projectId, event.projectId),
        eq(cards.id, event.cardId),
        inArray(cards.status, ["ACTIVE", "FROZEN"]),
      ),
    )
    .returning({ cardholderId: cards.cardholderId });
  const payload = {
    transaction_id: event.transactionId,
    authorization_id: event.authorizationId,
    card_id: event.cardId,
    authorized_isk: event.authorizedIsk,
    cleared_isk: event.clearedIsk,
    excess_isk: event.excessIsk,
    card_locked: locked !== undefined,
  };
  await writeAudit(tx, {
    action: "card.capture_review",
    objectType: "card",
    objectId: event.cardId,
    projectId: event.projectId,
    data: payload,
    at: event.now,
  });
  const owners = await tx
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, event.projectId), eq(projectMembers.role, "project_owner")));
  for (const owner of owners) {
    await notify(tx, {
      projectId: event.projectId,
      userId: owner.userId,
      kind: "card.capture_over_authorization",
      payload,
      dedupeKey: `capture:${event.transactionId}`,
      at: event.now,
    });
  }
  // An owner who holds the card has the owners' notice already.
  if (locked && !owners.some((owner) => owner.userId === locked.cardholderId)) {
    await notify(tx, {
      projectId: event.projectId,
      userId: locked.cardholderId,
      kind: "card.locked_for_review",
      payload: { transaction_id: event.transactionId, card_id: event.cardId, excess_isk: event.excessIsk },
      dedupeKey: `capture-lock:${event.transactionId}`,
      at: event.now,
    });
  }
};
