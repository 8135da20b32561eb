import type { CardType } from "@kort/core";
import { useTranslation } from "react-i18next";
import { request } from "../../app/api/client.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import { STORAGE_KEYS, writeStored } from "../../app/storage.ts";
import { CARDS_QUERY_ROOT } from "./card-queries.ts";
import {
  CREATE_BUSINESS_CARD_MUTATION,
  CREATE_EMPLOYEE_CARD_MUTATION,
  type CreateCardVariables,
} from "./cards.graphql.ts";

/**
 * Issues a card of the chosen type; a toast (spec 8), the onboarding's "card created" flag and a refreshed list
 * follow, the flag before the list: it must not wait for the list's refetch.
 */
export const useCreateCard = () => {
  const { t } = useTranslation();
  return useToastedMutation({
    run: async ({ cardType, variables }: { cardType: CardType; variables: CreateCardVariables }) => {
      // Both mutations answer the new card's id; the caller needs nothing more.
      await (cardType === "BUSINESS_EXPENSE"
        ? request(CREATE_BUSINESS_CARD_MUTATION, variables)
        : request(CREATE_EMPLOYEE_CARD_MUTATION, variables));
    },
    success: (_result, { variables }) => t("cards.toast.created", { name: variables.input.description }),
    failure: ({ reason }) => t("cards.errors.create", { reason }),
    onSuccess: () => writeStored(STORAGE_KEYS.onboardingCard, "created"),
    refetch: [[CARDS_QUERY_ROOT]],
  });
};
