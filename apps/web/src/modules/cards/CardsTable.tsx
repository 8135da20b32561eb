import { Anchor, Badge, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { PATHS } from "../../app/router/paths.ts";
import { CARD_STATUS_KEYS, CARD_TYPE_KEYS, LIMIT_PERIOD_KEYS } from "./card-labels.ts";
import type { Card } from "./cards.graphql.ts";
import { useFormatDay } from "./useFormatDay.ts";

const expiry = (card: Card) =>
  `${String(card.expiration_month).padStart(2, "0")}/${String(card.expiration_year).slice(-2)}`;

/** Spec 3: the cards with the columns the spec lists. */
export function CardsTable({ cards }: { cards: readonly Card[] }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const day = useFormatDay();
  return (
    <Table.ScrollContainer minWidth={1200}>
      <Table verticalSpacing="sm" highlightOnHover withTableBorder data-testid="cards-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("cards.list.name")}</Table.Th>
            <Table.Th>{t("cards.list.cardholder")}</Table.Th>
            <Table.Th>{t("cards.list.team")}</Table.Th>
            <Table.Th>{t("cards.list.category")}</Table.Th>
            <Table.Th ta="right">{t("cards.list.limit")}</Table.Th>
            <Table.Th>{t("cards.list.frequency")}</Table.Th>
            <Table.Th ta="right">{t("cards.list.spend")}</Table.Th>
            <Table.Th>{t("cards.list.type")}</Table.Th>
            <Table.Th>{t("cards.list.status")}</Table.Th>
            <Table.Th>{t("cards.list.issued")}</Table.Th>
            <Table.Th>{t("cards.list.expiry")}</Table.Th>
            <Table.Th>{t("cards.list.closed")}</Table.Th>
            <Table.Th>{t("cards.list.autoClose")}</Table.Th>
            <Table.Th>{t("cards.list.issuer")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cards.map((card) => {
            const [limit] = card.limits;
            return (
              <Table.Tr key={card.id} data-testid="card-row" data-card-name={card.description}>
                <Table.Td>
                  <Anchor component={Link} to={PATHS.card(card.id)} fw={600} data-testid="card-link">
                    {card.description}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    •••• {card.masked_number}
                  </Text>
                </Table.Td>
                <Table.Td>{card.cardholder.full_name}</Table.Td>
                <Table.Td>{card.team?.name ?? ""}</Table.Td>
                <Table.Td>{card.default_transaction_category?.title ?? ""}</Table.Td>
                <Table.Td ta="right">
                  {limit ? money(limit.sum_amount) : ""}
                  <Text size="xs" c="dimmed">
                    {t("cards.list.available", { amount: money(card.balance.available_balance) })}
                  </Text>
                </Table.Td>
                <Table.Td>{limit ? t(LIMIT_PERIOD_KEYS[limit.period]) : ""}</Table.Td>
                <Table.Td ta="right">{money(card.balance.settled_balance)}</Table.Td>
                <Table.Td>{t(CARD_TYPE_KEYS[card.card_type])}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={card.status === "ACTIVE" ? "teal" : "gray"} data-testid="card-status">
                    {t(CARD_STATUS_KEYS[card.status])}
                  </Badge>
                </Table.Td>
                <Table.Td>{day(card.created_at)}</Table.Td>
                <Table.Td>{expiry(card)}</Table.Td>
                <Table.Td>{day(card.closed_at)}</Table.Td>
                <Table.Td>{day(card.will_close_at)}</Table.Td>
                <Table.Td data-testid="card-issuer">{card.issuer ?? ""}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
