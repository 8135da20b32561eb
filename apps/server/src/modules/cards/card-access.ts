import { isUuid, type PolicyActionOf } from "@kort/core";
import type { Executor } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { type PolicySubject, policyFor } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { type CardRecord, findCard, lockCardRow } from "./cards-query.repo.ts";

export type CardAction = PolicyActionOf<"card">;

/** A card as loaded for a caller: what other modules receive from loadCardFor. */
export type { CardRecord };

/** The policy object of a card as loaded from the database: its team and its cardholder (spec section 6). */
export const cardSubject = (card: {
  projectId: string;
  teamId: string | null;
  cardholderId: string;
}): PolicySubject => ({
  project_id: card.projectId,
  team_id: card.teamId,
  user_id: card.cardholderId,
});

const denied = (action: CardAction, missing?: readonly string[]): AppError =>
  new AppError("ACCESS_DENIED", "Access denied. Please contact your team admin.", {
    resource: "card",
    action,
    ...(missing ? { missing } : {}),
  });

/**
 * Refuses a role that may never take the action on any card before anything is looked up, so such a caller
 * learns nothing about which card ids exist.
 */
export const assertCardActionPossible = (ctx: ProjectContext, action: CardAction): void => {
  if (!policyFor(ctx, "card", action).possibly_allowed) throw denied(action);
};

/** Deny by default about one card (or a card to be): ACCESS_DENIED names what the object is missing. */
export const authorizeCard = (ctx: ProjectContext, action: CardAction, subject: PolicySubject): void => {
  const result = policyFor(ctx, "card", action, subject);
  if (!result.allowed) throw denied(action, result.missing);
};

export const cardNotFound = (): AppError => new AppError("NOT_FOUND", "The card was not found.");

/**
 * Loads a card of the caller's project (locked for update when `lock`), then asks the policy with it. Another
 * project's card is NOT_FOUND, whatever X-Project-Id was sent.
 */
export const loadCardFor = async (
  db: Executor,
  ctx: ProjectContext,
  cardId: string,
  action: CardAction,
  options: { lock?: boolean } = {},
): Promise<CardRecord> => {
  assertCardActionPossible(ctx, action);
  const projectId = ctx.membership.projectId;
  if (!isUuid(cardId)) throw cardNotFound();
  if (options.lock && !(await lockCardRow(db, projectId, cardId))) throw cardNotFound();
  const card = await findCard(db, projectId, cardId);
  if (!card) throw cardNotFound();
  authorizeCard(ctx, action, cardSubject(card));
  return card;
};
