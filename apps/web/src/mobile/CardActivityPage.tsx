import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiErrorAlert } from "../app/errors/ApiErrorAlert.tsx";
import { useFormatMoney } from "../app/i18n/useFormatMoney.ts";
import { useSelectedProjectId } from "../app/session/project-store.ts";
import { declineText } from "../modules/cards/card-labels.ts";
import { TOUCH_TARGET } from "../ui/touch-target.ts";
import { APP_PATHS } from "./app-paths.ts";
import { CardMerchantRules } from "./CardMerchantRules.tsx";
import { type CardAuthorization, cardAuthorizations } from "./mobile.api.ts";
import { ReceiptLockNotice } from "./ReceiptLockNotice.tsx";
import { useCursorList } from "./useCursorList.ts";
import { useMyCards } from "./useMyCards.ts";
import { useShortDate } from "./useShortDate.ts";

const STATUS_COLOR: Record<CardAuthorization["status"], string> = {
  pending: "yellow",
  cleared: "green",
  reversed: "gray",
  declined: "red",
  expired: "gray",
};

/**
 * `/app/cards/:id`: the card's purchases, newest first, pending ones and refusals included; a refusal says why in
 * plain words. More load as the end of the list scrolls into view.
 */
export function CardActivityPage() {
  const { t } = useTranslation();
  const date = useShortDate();
  const money = useFormatMoney();
  const { id = "" } = useParams();
  const projectId = useSelectedProjectId();
  // The card's name, from the cards list the app already holds: a notice or a reload can open this page too.
  const card = useMyCards().data?.nodes.find((node) => node.id === id);
  const { list, rows, end } = useCursorList(
    ["employee-app", projectId, "card", id, "authorizations"],
    (after, signal) => cardAuthorizations(id, after, signal),
  );
  return (
    <Stack gap="sm" data-testid="app-activity">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={2} size="h3">
            {t("employeeApp.activity.title")}
          </Title>
          {card && (
            <Text size="sm" c="dimmed" truncate data-testid="app-activity-card">
              {card.description} · •••• {card.card.masked_number}
            </Text>
          )}
        </Stack>
        <Button component={Link} to={APP_PATHS.cards} variant="subtle" h={TOUCH_TARGET}>
          {t("employeeApp.back")}
        </Button>
      </Group>
      <ReceiptLockNotice />
      <CardMerchantRules cardId={id} />
      {list.isPending && <Loader aria-label={t("employeeApp.loading")} />}
      {list.isError && <ApiErrorAlert error={list.error} />}
      {list.data && rows.length === 0 && (
        <Alert variant="light">
          <Text size="sm">{t("employeeApp.activity.empty")}</Text>
        </Alert>
      )}
      {rows.map((row) => (
        <Card key={row.id} withBorder padding="sm" data-testid="app-activity-row" data-status={row.status}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {row.merchant_name}
              </Text>
              <Text size="xs" c="dimmed">
                {date(row.created_at)}
              </Text>
            </Stack>
            <Stack gap={2} align="flex-end">
              <Text fw={600} td={row.status === "declined" ? "line-through" : undefined}>
                {money(row.amount)}
              </Text>
              <Badge color={STATUS_COLOR[row.status]} variant="light">
                {t(`employeeApp.activity.status.${row.status}`)}
              </Badge>
            </Stack>
          </Group>
          {row.status === "declined" && (
            <Text size="sm" c="red" mt={4} data-testid="app-decline-reason" data-code={row.decline_code}>
              {declineText(t, { code: row.decline_code, mcc: row.mcc, merchant: row.merchant_name }, () =>
                t(`employeeApp.decline.${row.decline_code ?? "other"}`),
              )}
            </Text>
          )}
        </Card>
      ))}
      <div ref={end} />
      {list.isFetchingNextPage && <Loader size="sm" />}
    </Stack>
  );
}
