import { isPossiblyAllowed, type PolicyActionOf } from "@kort/core";
import { useSelectedProjectId } from "../../app/session/project-store.ts";
import { useCurrentRole } from "../../app/session/useCurrentRole.ts";
import type { Card } from "./cards.graphql.ts";

export type CardAction = PolicyActionOf<"card">;

/** Whether the caller's role may ever create a card (the "Create card" button, spec 4). */
export const useCanCreateCards = (): boolean => {
  const role = useCurrentRole(useSelectedProjectId()).data ?? null;
  return role !== null && isPossiblyAllowed(role, "card", "create");
};

/** Whether the server's policy lets the caller take this action on this card (a closed card takes none). */
export const mayOnCard = (card: Card, action: CardAction): boolean =>
  card.status !== "CLOSED" && card.actions.includes(action);
