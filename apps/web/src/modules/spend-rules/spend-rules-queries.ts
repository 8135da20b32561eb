import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { request } from "../../app/api/client.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import {
  CARD_MERCHANT_CONTROLS_QUERY,
  LIFT_RECEIPT_LOCK_MUTATION,
  type MerchantControlsInput,
  RECEIPT_LOCKS_QUERY,
  SET_CARD_MERCHANT_CONTROLS_MUTATION,
  SET_PROJECT_MERCHANT_CONTROLS_MUTATION,
  SET_RECEIPT_LOCK_MUTATION,
  SPEND_RULES_QUERY,
} from "./spend-rules.graphql.ts";

/** Every spend-rules query key starts here, so one invalidation refreshes what a change touched. */
export const SPEND_RULES_QUERY_ROOT = "spend-rules";

export const useCardMerchantControls = (cardId: string) =>
  useQuery({
    queryKey: [SPEND_RULES_QUERY_ROOT, "card", cardId],
    queryFn: async ({ signal }) =>
      (await request(CARD_MERCHANT_CONTROLS_QUERY, { card_id: cardId }, { signal })).card_merchant_controls,
  });

export const useSpendRules = () =>
  useQuery({
    queryKey: [SPEND_RULES_QUERY_ROOT, "project"],
    queryFn: async ({ signal }) => (await request(SPEND_RULES_QUERY, {}, { signal })).spend_rules,
  });

export const useReceiptLocks = (enabled: boolean) =>
  useQuery({
    queryKey: [SPEND_RULES_QUERY_ROOT, "locks"],
    queryFn: async ({ signal }) => (await request(RECEIPT_LOCKS_QUERY, { after: null }, { signal })).receipt_locks,
    enabled,
  });

/** A spend-rules change with its toasts; the spend-rules queries are refetched after it. */
type FailureKey = "spendRules.saveFailed" | "spendRules.locked.liftFailed";

const useSpendRulesMutation = <V>(run: (variables: V) => Promise<unknown>, failureKey: FailureKey) => {
  const { t } = useTranslation();
  return useToastedMutation({
    run,
    success: () => t("spendRules.receiptLock.saved"),
    failure: ({ reason }) => `${t(failureKey)} ${reason}`,
    refetch: [[SPEND_RULES_QUERY_ROOT]],
  });
};

export const useSetCardMerchantControls = (cardId: string) =>
  useSpendRulesMutation(
    (controls: MerchantControlsInput | null) =>
      request(SET_CARD_MERCHANT_CONTROLS_MUTATION, { card_id: cardId, controls }),
    "spendRules.saveFailed",
  );

export const useSetProjectMerchantControls = () =>
  useSpendRulesMutation(
    (controls: MerchantControlsInput | null) => request(SET_PROJECT_MERCHANT_CONTROLS_MUTATION, { controls }),
    "spendRules.saveFailed",
  );

export const useSetReceiptLock = () =>
  useSpendRulesMutation((days: number | null) => request(SET_RECEIPT_LOCK_MUTATION, { days }), "spendRules.saveFailed");

export const useLiftReceiptLock = () =>
  useSpendRulesMutation(
    (userId: string) => request(LIFT_RECEIPT_LOCK_MUTATION, { user_id: userId }),
    "spendRules.locked.liftFailed",
  );
