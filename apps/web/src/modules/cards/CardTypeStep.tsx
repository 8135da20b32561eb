import { CARD_TYPES, type CardType } from "@kort/core";
import { Card, SimpleGrid, Text, UnstyledButton } from "@mantine/core";
import { IconCreditCard, IconRepeat } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { CARD_TYPE_HINT_KEYS, CARD_TYPE_KEYS } from "./card-labels.ts";

/** Step 0 of the create-card panel (spec 2): a subscription card or a vendor card, each with a short hint. */
export function CardTypeStep({ onChoose }: { onChoose: (cardType: CardType) => void }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={2} spacing="md" data-testid="card-type-step">
      {CARD_TYPES.map((cardType) => (
        <UnstyledButton key={cardType} onClick={() => onChoose(cardType)} data-testid={`card-type-${cardType}`}>
          <Card withBorder padding="lg" h="100%">
            {cardType === "BUSINESS_EXPENSE" ? <IconRepeat size={28} /> : <IconCreditCard size={28} />}
            <Text fw={600} mt="sm">
              {t(CARD_TYPE_KEYS[cardType])}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              {t(CARD_TYPE_HINT_KEYS[cardType])}
            </Text>
          </Card>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
