import { Alert, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSelectedProjectId } from "../app/session/project-store.ts";
import { merchantRulesText } from "./merchant-rules.ts";
import { listMyCards, myCardsKey } from "./mobile.api.ts";
import { OFFLINE_FIRST } from "./offline.ts";

/** Whose rule it is: literal keys, so the catalogue test sees each one. */
const SOURCE_KEYS = {
  CARD: "spendRules.app.cardRules.CARD",
  COMPANY_DEFAULT: "spendRules.app.cardRules.COMPANY_DEFAULT",
} as const;

/**
 * Issue 19 on the card's screen: where the card cannot be used (or the only places it can), before a purchase is
 * refused for it. Read from the cards list the cards page already holds (same key), so opening a card asks nothing.
 */
export function CardMerchantRules({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  const projectId = useSelectedProjectId();
  const cards = useQuery({
    queryKey: myCardsKey(projectId),
    queryFn: ({ signal }) => listMyCards(signal),
    ...OFFLINE_FIRST,
  });
  const controls = cards.data?.nodes.find((card) => card.id === cardId)?.card.merchant_controls;
  if (!controls) return null;
  const text = merchantRulesText(t, controls);
  if (!text) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      data-testid="app-card-merchant-rules"
      data-mode={controls.mode}
      data-source={controls.source}
    >
      <Text size="sm" fw={600}>
        {text}
      </Text>
      <Text size="xs" c="dimmed">
        {t(SOURCE_KEYS[controls.source])}
      </Text>
    </Alert>
  );
}
