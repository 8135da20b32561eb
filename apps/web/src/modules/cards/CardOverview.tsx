import { Group, Image, Card as Panel, Progress, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { CARD_STATUS_KEYS, CARD_TYPE_KEYS, LIMIT_PERIOD_KEYS } from "./card-labels.ts";
import type { Card } from "./cards.graphql.ts";
import { useFormatDay } from "./useFormatDay.ts";

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value || "–"}
      </Text>
    </Stack>
  );
}

/** The card's balance, its limit and what is used of it this period, and its details (spec 3). */
export function CardOverview({ card }: { card: Card }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const day = useFormatDay();
  const [limit] = card.limits;
  const used = card.balance.settled_balance;
  const share = limit && limit.sum_amount > 0 ? Math.min(100, (used / limit.sum_amount) * 100) : 0;
  return (
    <Panel withBorder padding="lg" data-testid="card-overview">
      <Group align="flex-start" gap="lg" wrap="nowrap">
        {/* The design chosen for the card's type, as the cards table and the app's tile show it (issue 16). */}
        {card.design && (
          <Image
            src={card.design.url}
            w={60}
            h={120}
            radius="sm"
            alt={t("cards.detail.design", { name: card.description })}
            style={{ flexShrink: 0 }}
            data-testid="card-page-design"
            data-design-id={card.design.id}
          />
        )}
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg" style={{ flex: 1 }}>
          <Fact label={t("cards.detail.status")} value={t(CARD_STATUS_KEYS[card.status])} testId="card-detail-status" />
          <Fact label={t("cards.detail.type")} value={t(CARD_TYPE_KEYS[card.card_type])} />
          <Fact label={t("cards.detail.cardholder")} value={card.cardholder.full_name} />
          <Fact label={t("cards.detail.number")} value={`•••• ${card.masked_number}`} />
          <Fact label={t("cards.detail.settled")} value={money(used)} testId="card-settled" />
          <Fact label={t("cards.detail.available")} value={money(card.balance.available_balance)} />
          <Fact
            label={t("cards.detail.limit")}
            value={limit ? `${money(limit.sum_amount)} · ${t(LIMIT_PERIOD_KEYS[limit.period])}` : ""}
            testId="card-limit"
          />
          <Fact label={t("cards.detail.team")} value={card.team?.name ?? ""} />
          <Fact label={t("cards.detail.category")} value={card.default_transaction_category?.title ?? ""} />
          <Fact label={t("cards.detail.issued")} value={day(card.created_at)} />
          <Fact label={t("cards.detail.autoClose")} value={day(card.will_close_at)} />
          <Fact label={t("cards.detail.closed")} value={day(card.closed_at)} />
        </SimpleGrid>
      </Group>
      {limit && (
        <Group mt="lg" gap="sm" wrap="nowrap">
          <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {t("cards.detail.used", { used: money(used), limit: money(limit.sum_amount) })}
          </Text>
          <Progress value={share} style={{ flex: 1 }} aria-label={t("cards.detail.usedLabel")} />
        </Group>
      )}
    </Panel>
  );
}
