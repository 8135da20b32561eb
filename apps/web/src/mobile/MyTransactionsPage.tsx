import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ApiErrorAlert } from "../app/errors/ApiErrorAlert.tsx";
import { useFormatMoney } from "../app/i18n/useFormatMoney.ts";
import { useSelectedProjectId } from "../app/session/project-store.ts";
import { TOUCH_TARGET } from "../ui/touch-target.ts";
import { APP_PATHS } from "./app-paths.ts";
import { myTransactions, myTransactionsKey, todoMarksOf } from "./mobile.api.ts";
import { TodoMarks } from "./TodoMarks.tsx";
import { useCursorList } from "./useCursorList.ts";
import { useShortDate } from "./useShortDate.ts";

/** `/app/transactions`: the employee's purchases on all their cards, newest first, with what each still needs. */
export function MyTransactionsPage() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useShortDate();
  const projectId = useSelectedProjectId();
  // `?todo=MissingReceipt`: only purchases still missing a receipt (where a receipt-lock refusal links to).
  const [params] = useSearchParams();
  const todo = params.get("todo") === "MissingReceipt" ? "MissingReceipt" : undefined;
  const { list, rows, end } = useCursorList([...myTransactionsKey(projectId), todo ?? "all"], (after, signal) =>
    myTransactions(after, signal, todo),
  );
  return (
    <Stack gap="sm" data-testid="app-transactions" data-todo={todo ?? ""}>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {todo ? t("spendRules.app.missingTitle") : t("employeeApp.transactions.title")}
        </Title>
        {todo && (
          <Anchor
            component={Link}
            to={APP_PATHS.transactions}
            size="sm"
            mih={TOUCH_TARGET}
            style={{ display: "inline-flex", alignItems: "center" }}
          >
            {t("spendRules.app.showAll")}
          </Anchor>
        )}
      </Group>
      {list.isPending && <Loader aria-label={t("employeeApp.loading")} />}
      {list.isError && <ApiErrorAlert error={list.error} />}
      {list.data && rows.length === 0 && (
        <Alert variant="light">
          <Text size="sm">{t("employeeApp.transactions.empty")}</Text>
        </Alert>
      )}
      {rows.map((row) => (
        <Card
          key={row.id}
          component={Link}
          to={APP_PATHS.transaction(row.id)}
          withBorder
          padding="sm"
          mih={44}
          data-testid="app-transaction-row"
          data-transaction-id={row.id}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {row.merchant}
              </Text>
              <Text size="xs" c="dimmed">
                {date(row.transaction_date)} · •••• {row.card.last_four}
              </Text>
            </Stack>
            <Stack gap={2} align="flex-end">
              <Text fw={600}>{money(row.transaction_amount)}</Text>
              {row.unsettled && (
                <Badge color="yellow" variant="light">
                  {t("employeeApp.activity.status.pending")}
                </Badge>
              )}
            </Stack>
          </Group>
          <TodoMarks marks={todoMarksOf(row.rule_violations)} />
        </Card>
      ))}
      <div ref={end} />
      {list.isFetchingNextPage && <Loader size="sm" />}
    </Stack>
  );
}
