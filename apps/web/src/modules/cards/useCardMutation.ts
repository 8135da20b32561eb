import { useTranslation } from "react-i18next";
import { request } from "../../app/api/client.ts";
import type { TadaDocumentNode, VariablesOf } from "../../app/api/graphql.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import { CARDS_QUERY_ROOT } from "./card-queries.ts";
import { CARD_MUTATIONS, type CardMutationKind } from "./cards.graphql.ts";

const FAILURE_KEYS = {
  close: "cards.errors.close",
  lock: "cards.errors.details",
  unlock: "cards.errors.details",
  rename: "cards.errors.name",
  limits: "cards.errors.limits",
  cardholder: "cards.errors.cardholder",
  team: "cards.errors.details",
  category: "cards.errors.details",
} as const;

const SUCCESS_KEYS = {
  close: "cards.toast.closed",
  lock: "cards.toast.locked",
  unlock: "cards.toast.unlocked",
  rename: "cards.toast.updated",
  limits: "cards.toast.updated",
  cardholder: "cards.toast.updated",
  team: "cards.toast.updated",
  category: "cards.toast.updated",
} as const;

/** What a card action of `Kind` is called with, from its document. */
export type CardMutationVariables<Kind extends CardMutationKind = CardMutationKind> = {
  [K in Kind]: VariablesOf<(typeof CARD_MUTATIONS)[K]>;
}[Kind];

/** A card action with the spec's toasts (spec 8); the cards queries are refetched after every success. */
export const useCardMutation = <Kind extends CardMutationKind>(kind: Kind) => {
  // TypeScript cannot pair a generic kind with its own document's variables; CardMutationVariables does.
  const document = CARD_MUTATIONS[kind] as TadaDocumentNode<unknown, CardMutationVariables<Kind>>;
  const failureKey: (typeof FAILURE_KEYS)[CardMutationKind] = FAILURE_KEYS[kind];
  const successKey: (typeof SUCCESS_KEYS)[CardMutationKind] = SUCCESS_KEYS[kind];
  const { t } = useTranslation();
  return useToastedMutation({
    run: (variables: CardMutationVariables<Kind>) => request(document, variables),
    success: () => t(successKey),
    failure: ({ reason }) => t(failureKey, { reason }),
    refetch: [[CARDS_QUERY_ROOT]],
  });
};
