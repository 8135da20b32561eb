import { formatMoney, isCurrencyCode } from "@kort/core";
import { Badge, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { localeOf, parseLanguage } from "../../app/i18n/language.ts";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { declineKey } from "./card-labels.ts";
import { useCardActivity } from "./card-queries.ts";
import { useFormatDay } from "./useFormatDay.ts";

/** The card's transactions and its declined authorizations with the reason (spec 2, card detail). */
export function CardActivity({ cardId }: { cardId: string }) {
  const { t, i18n } = useTranslation();
  const money = useFormatMoney();
  const day = useFormatDay();
  const locale = localeOf(parseLanguage(i18n.resolvedLanguage ?? i18n.language));
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
        <Table withTableBorder data-testid="card-transactions">
          <Table.Tbody>
            {data.transactions.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{day(row.transaction_date)}</Table.Td>
                <Table.Td>
                  {row.merchant}
                  {!row.settled && (
                    <Badge ml="xs" size="xs" variant="light">
                      {t("cards.detail.unsettled")}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {money(row.transaction_amount)}
                  {row.original_currency !== "ISK" && isCurrencyCode(row.original_currency) && (
                    <Text size="xs" c="dimmed">
                      {formatMoney(row.original_amount, { locale, currency: row.original_currency })}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={2} size="h4">
        {t("cards.detail.declines")}
      </Title>
      {data.declines.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("cards.detail.noDeclines")}
        </Text>
      ) : (
        <Table withTableBorder data-testid="card-declines">
          <Table.Tbody>
            {data.declines.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{day(row.created_at)}</Table.Td>
                <Table.Td>{row.merchant}</Table.Td>
                <Table.Td ta="right">{money(row.amount)}</Table.Td>
                <Table.Td>
                  <Text size="sm" c="red">
                    {t(declineKey(row.decline_code))}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
