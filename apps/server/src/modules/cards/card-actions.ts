import { policyFor } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { type CardAction, cardSubject } from "./card-access.ts";
import type { CardDto } from "./cards.schemas.ts";

/** The actions the card page offers; the server checks each again when it is taken. */
const PAGE_ACTIONS: readonly CardAction[] = [
  "patch",
  "manage-limits",
  "change-cardholder",
  "set-team",
  "set-default-category",
  "lock",
  "close",
];

/** What the policy allows the caller on this card, so the page shows only those actions. */
export const cardActionsFor = (ctx: ProjectContext, card: CardDto): CardAction[] => {
  const subject = cardSubject({
    projectId: card.project_id,
    teamId: card.team?.id ?? null,
    cardholderId: card.cardholder.user_id,
  });
  return PAGE_ACTIONS.filter((action) => policyFor(ctx, "card", action, subject).allowed);
};
