import type { CardType } from "@kort/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { request } from "../../app/api/client.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { STORAGE_KEYS, writeStored } from "../../app/storage.ts";
import { CARDS_QUERY_ROOT } from "./card-queries.ts";
import {
  CREATE_BUSINESS_CARD_MUTATION,
  CREATE_EMPLOYEE_CARD_MUTATION,
  type CreateCardVariables,
} from "./cards.graphql.ts";

/**
 * Issues a card of the chosen type; the onboarding's "card created" flag, a toast (spec 8) and a refreshed list
 * follow, the flag first: it must not wait for the list's refetch.
 */
export const useCreateCard = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ cardType, variables }: { cardType: CardType; variables: CreateCardVariables }) => {
      // Both mutations answer the new card's id; the caller needs nothing more.
      await (cardType === "BUSINESS_EXPENSE"
        ? request(CREATE_BUSINESS_CARD_MUTATION, variables)
        : request(CREATE_EMPLOYEE_CARD_MUTATION, variables));
    },
    onSuccess: async (_result, { variables }) => {
      writeStored(STORAGE_KEYS.onboardingCard, "created");
      const message = t("cards.toast.created", { name: variables.input.description });
      notifications.show({ color: "teal", message, "data-testid": "toast-success" });
      await queryClient.invalidateQueries({ queryKey: [CARDS_QUERY_ROOT] });
    },
    onError: (error) => {
      const reason = t(errorKey(toApiError(error).code));
      notifications.show({ color: "red", message: t("cards.errors.create", { reason }), "data-testid": "toast-error" });
    },
  });
};
