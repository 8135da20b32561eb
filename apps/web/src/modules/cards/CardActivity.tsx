import { formatMoney, isCurrencyCode } from "@kort/core";
import { Badge, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { useLocale } from "../../app/i18n/useLocale.ts";
import { ColumnHeader, CutText, FigureCell, NoWrapCell, SecondLine, ShrinkCell } from "../../ui/table/cells.tsx";
import { ReadingTableBox } from "../../ui/table/ReadingTableBox.tsx";
import { declineText } from "./card-labels.ts";
import { useCardActivity } from "./card-queries.ts";
import { useFormatDay } from "./useFormatDay.ts";

/** The card's transactions and its declined authorizations with the reason (spec 2, card detail). */
export function CardActivity({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const day = useFormatDay();
  const locale = useLocale();
  const activity = useCardActivity(cardId);
  if (activity.isError) {
    return <Text c="red">{t("cards.errors.transactions")}</Text>;
  }
  const data = activity.data ?? { transactions: [], declines: [] };
  return (
    <Stack gap="lg">
      <Title order={2} size="h4">
        {t("cards.detail.transactions")}
      </Title>
      {data.transactions.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="card-no-transactions">
          {t("cards.detail.noTransactions")}
        </Text>
      ) : (
        <ReadingTableBox label={t("cards.detail.transactions")}>
          <Table withTableBorder data-testid="card-transactions">
            <Table.Thead>
              <Table.Tr>
                <ColumnHeader label={t("cards.detail.date")} />
                <ColumnHeader label={t("cards.detail.merchant")} shrink={{ share: "60%", min: 120 }} />
                <ColumnHeader label={t("cards.detail.amount")} ta="right" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.transactions.map((row) => (
                <Table.Tr key={row.id}>
                  <NoWrapCell>{day(row.transaction_date)}</NoWrapCell>
                  <ShrinkCell>
                    <Group gap="xs" wrap="nowrap">
                      <CutText>{row.merchant}</CutText>
                      {!row.settled && (
                        <Badge size="xs" variant="light">
                          {t("cards.detail.unsettled")}
                        </Badge>
                      )}
                    </Group>
                  </ShrinkCell>
                  <FigureCell>
                    {money(row.transaction_amount)}
                    {row.original_currency !== "ISK" && isCurrencyCode(row.original_currency) && (
                      <SecondLine>
                        {formatMoney(row.original_amount, { locale, currency: row.original_currency })}
                      </SecondLine>
                    )}
                  </FigureCell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ReadingTableBox>
      )}
      <Title order={2} size="h4">
        {t("cards.detail.declines")}
      </Title>
      {data.declines.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("cards.detail.noDeclines")}
        </Text>
      ) : (
        <ReadingTableBox label={t("cards.detail.declines")}>
          <Table withTableBorder data-testid="card-declines">
            <Table.Thead>
              <Table.Tr>
                <ColumnHeader label={t("cards.detail.date")} />
                <ColumnHeader label={t("cards.detail.merchant")} shrink={{ share: "35%", min: 100 }} />
                <ColumnHeader label={t("cards.detail.amount")} ta="right" />
                <ColumnHeader label={t("cards.detail.reason")} shrink={{ share: "35%", min: 100 }} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.declines.map((row) => (
                <Table.Tr key={row.id}>
                  <NoWrapCell>{day(row.created_at)}</NoWrapCell>
                  <ShrinkCell>
                    <CutText>{row.merchant}</CutText>
                  </ShrinkCell>
                  <FigureCell>{money(row.amount)}</FigureCell>
                  <ShrinkCell>
                    <CutText c="red" data-testid="card-decline-reason" data-code={row.decline_code}>
                      {declineText(t, { code: row.decline_code, mcc: row.mcc, merchant: row.merchant })}
                    </CutText>
                  </ShrinkCell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ReadingTableBox>
      )}
    </Stack>
  );
}
