import { Anchor, Badge, Group, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { PATHS } from "../../app/router/paths.ts";
import { ColumnHeader, CutText, FigureCell, NoWrapCell, SecondLine, ShrinkCell } from "../../ui/table/cells.tsx";
import { CardDesignThumbnail } from "../card-designs/CardDesignThumbnail.tsx";
import { CARD_STATUS_KEYS, CARD_TYPE_KEYS, LIMIT_PERIOD_KEYS } from "./card-labels.ts";
import type { Card } from "./cards.graphql.ts";
import { useFormatDay } from "./useFormatDay.ts";

const expiry = (card: Card) =>
  `${String(card.expiration_month).padStart(2, "0")}/${String(card.expiration_year).slice(-2)}`;

/** The issuer's name under the issue date is cut past this width, so it never widens the dates' column. */
const ISSUER_MAX_WIDTH = 100;

/**
 * Spec 3: the cards with every fact the spec lists, in eight columns that fit the page at 1280 px (issue 10):
 * related facts share a column on two lines (type under the name, team under the cardholder, period under the
 * limit, what is left under the spend, issuer under the issue date, and under the expiry the day the card closed,
 * as its status says, or will close by itself).
 */
export function CardsTable({ cards }: { cards: readonly Card[] }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const day = useFormatDay();
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table verticalSpacing="sm" highlightOnHover withTableBorder data-testid="cards-table">
        <Table.Thead>
          <Table.Tr>
            <ColumnHeader
              label={t("cards.list.name")}
              second={t("cards.list.type")}
              shrink={{ share: "22%", min: 72 }}
            />
            <ColumnHeader
              label={t("cards.list.cardholder")}
              second={t("cards.list.team")}
              shrink={{ share: "16%", min: 64 }}
            />
            <ColumnHeader label={t("cards.list.category")} shrink={{ share: "12%", min: 56 }} />
            <ColumnHeader label={t("cards.list.limit")} second={t("cards.list.frequency")} ta="right" />
            <ColumnHeader label={t("cards.list.spend")} second={t("cards.list.left")} ta="right" />
            <ColumnHeader label={t("cards.list.status")} />
            <ColumnHeader label={t("cards.list.issued")} second={t("cards.list.issuer")} />
            <ColumnHeader label={t("cards.list.expiry")} second={t("cards.list.closing")} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cards.map((card) => {
            const [limit] = card.limits;
            return (
              <Table.Tr key={card.id} data-testid="card-row" data-card-name={card.description}>
                <ShrinkCell>
                  <Group gap={8} wrap="nowrap">
                    {card.design && <CardDesignThumbnail design={card.design} />}
                    <div style={{ minWidth: 0 }}>
                      <Anchor
                        component={Link}
                        to={PATHS.card(card.id)}
                        fw={600}
                        size="sm"
                        truncate="end"
                        display="block"
                        title={card.description}
                        data-testid="card-link"
                      >
                        {card.description}
                      </Anchor>
                      <SecondLine cut>{`•••• ${card.masked_number} · ${t(CARD_TYPE_KEYS[card.card_type])}`}</SecondLine>
                    </div>
                  </Group>
                </ShrinkCell>
                <ShrinkCell>
                  <CutText>{card.cardholder.full_name}</CutText>
                  {card.team && <SecondLine cut>{card.team.name}</SecondLine>}
                </ShrinkCell>
                <ShrinkCell>
                  <CutText>{card.default_transaction_category?.title ?? ""}</CutText>
                </ShrinkCell>
                <FigureCell data-testid="card-limit">
                  {limit ? money(limit.sum_amount) : ""}
                  {limit && <SecondLine>{t(LIMIT_PERIOD_KEYS[limit.period])}</SecondLine>}
                </FigureCell>
                <FigureCell data-testid="card-spend">
                  {money(card.balance.settled_balance)}
                  <SecondLine>{money(card.balance.available_balance)}</SecondLine>
                </FigureCell>
                <NoWrapCell>
                  <Badge variant="light" color={card.status === "ACTIVE" ? "teal" : "gray"} data-testid="card-status">
                    {t(CARD_STATUS_KEYS[card.status])}
                  </Badge>
                  {/* Locked by a clearing far over its authorization: the card's page says what happened. */}
                  {card.review && (
                    <Text size="xs" c="orange.8" style={{ whiteSpace: "nowrap" }} data-testid="card-under-review">
                      {t("cards.review.short")}
                    </Text>
                  )}
                </NoWrapCell>
                <NoWrapCell>
                  {day(card.created_at)}
                  {card.issuer && (
                    <CutText size="xs" c="dimmed" maw={ISSUER_MAX_WIDTH} data-testid="card-issuer">
                      {card.issuer}
                    </CutText>
                  )}
                </NoWrapCell>
                <NoWrapCell>
                  {expiry(card)}
                  {(card.closed_at ?? card.will_close_at) && (
                    <SecondLine>{day(card.closed_at ?? card.will_close_at)}</SecondLine>
                  )}
                </NoWrapCell>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
