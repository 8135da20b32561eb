import { writeAudits } from "../../platform/audit/audit.ts";
import type { Executor } from "../../platform/db/client.ts";
import { closeEmployeeCards, reassignBusinessCards } from "./card-handover.repo.ts";

export type CardHandover = { closedCardIds: string[]; reassignedCardIds: string[] };

/**
 * What happens to a member's cards when they leave a project (spec 6): their employee-expense cards are closed
 * (closing is final) and their business-expense cards, which pay for the company's subscriptions, go to the
 * person removing them (`removedBy`). Closed cards stay with their holder as history. Each card gets its own audit row.
 * Authorisation is the caller's; run it in the caller's transaction.
 */
export const handOverCardsOfLeavingMember = async (
  tx: Executor,
  input: { projectId: string; userId: string; removedBy: string; requestId: string; now: Date },
): Promise<CardHandover> => {
  const closedCardIds = await closeEmployeeCards(tx, input.projectId, input.userId, input.now);
  const reassignedCardIds = await reassignBusinessCards(tx, input.projectId, input.userId, input.removedBy, input.now);
  const base = {
    objectType: "card",
    projectId: input.projectId,
    actorUserId: input.removedBy,
    requestId: input.requestId,
    at: input.now,
  };
  await writeAudits(tx, [
    ...closedCardIds.map((id) => ({
      ...base,
      action: "card.close",
      objectId: id,
      data: { reason: "holder_removed" },
    })),
    ...reassignedCardIds.map((id) => ({
      ...base,
      action: "card.change_cardholder",
      objectId: id,
      data: { reason: "holder_removed", from: input.userId, to: input.removedBy },
    })),
  ]);
  return { closedCardIds, reassignedCardIds };
};
