import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { graphql } from "../../app/api/client.ts";
import { errorKey } from "../../app/api/error-key.ts";
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

/** A card action with the spec's toasts (spec 8); the cards queries are refetched after every success. */
export const useCardMutation = (kind: CardMutationKind) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Record<string, unknown>) => graphql<unknown>(CARD_MUTATIONS[kind], variables),
    onSuccess: async () => {
      notifications.show({ color: "teal", message: t(SUCCESS_KEYS[kind]), "data-testid": "toast-success" });
      await queryClient.invalidateQueries({ queryKey: [CARDS_QUERY_ROOT] });
    },
    onError: (error) => {
      const reason = t(errorKey(toApiError(error).code));
      notifications.show({ color: "red", message: t(FAILURE_KEYS[kind], { reason }), "data-testid": "toast-error" });
    },
  });
};
