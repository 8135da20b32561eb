import { Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiErrorAlert } from "../app/errors/ApiErrorAlert.tsx";
import { useFormatMoney } from "../app/i18n/useFormatMoney.ts";
import { useSelectedProjectId } from "../app/session/project-store.ts";
import { TOUCH_TARGET } from "../ui/touch-target.ts";
import { APP_PATHS } from "./app-paths.ts";
import { CategoriseForm } from "./CategoriseForm.tsx";
import { myTransaction, todoMarksOf, transactionKey } from "./mobile.api.ts";
import { OFFLINE_FIRST } from "./offline.ts";
import { ReceiptSection } from "./ReceiptSection.tsx";
import { TodoMarks } from "./TodoMarks.tsx";
import { useShortDate } from "./useShortDate.ts";

/** `/app/transactions/:id`: one purchase, its receipt (camera or file) and its category and comment. */
export function TransactionPage() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useShortDate();
  const { id = "" } = useParams();
  const projectId = useSelectedProjectId();
  const transaction = useQuery({
    queryKey: transactionKey(projectId, id),
    queryFn: ({ signal }) => myTransaction(id, signal),
    ...OFFLINE_FIRST,
  });
  const row = transaction.data;
  return (
    <Stack gap="md" data-testid="app-transaction">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t("employeeApp.transaction.title")}
        </Title>
        <Button component={Link} to={APP_PATHS.transactions} variant="subtle" h={TOUCH_TARGET}>
          {t("employeeApp.back")}
        </Button>
      </Group>
      {transaction.isPending && <Loader aria-label={t("employeeApp.loading")} />}
      {transaction.isError && <ApiErrorAlert error={transaction.error} />}
      {row && (
        <>
          <Card withBorder padding="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} size="lg" truncate data-testid="app-transaction-merchant">
                  {row.merchant}
                </Text>
                <Text size="sm" c="dimmed">
                  {date(row.transaction_date)} · •••• {row.card.last_four}
                </Text>
              </Stack>
              <Text fw={700} size="lg" data-testid="app-transaction-amount">
                {money(row.transaction_amount)}
              </Text>
            </Group>
            <TodoMarks marks={todoMarksOf(row.rule_violations)} />
          </Card>
          <ReceiptSection transactionId={row.id} />
          <CategoriseForm key={row.id} transaction={row} />
        </>
      )}
    </Stack>
  );
}
