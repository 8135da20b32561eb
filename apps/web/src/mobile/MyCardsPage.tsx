import { Alert, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../app/errors/ApiErrorAlert.tsx";
import { useSelectedProjectId } from "../app/session/project-store.ts";
import { AppAnnouncements } from "./AppAnnouncements.tsx";
import { CardTile } from "./CardTile.tsx";
import { listMyCards, myCardsKey } from "./mobile.api.ts";
import { OFFLINE_FIRST } from "./offline.ts";
import { ReceiptLockNotice } from "./ReceiptLockNotice.tsx";
import { UnlockOffer } from "./UnlockOffer.tsx";

/** `/app`: the employee's own cards in the selected company, newest first. */
export function MyCardsPage() {
  const { t } = useTranslation();
  const projectId = useSelectedProjectId();
  const cards = useQuery({
    queryKey: myCardsKey(projectId),
    queryFn: ({ signal }) => listMyCards(signal),
    ...OFFLINE_FIRST,
  });
  return (
    <Stack gap="md" data-testid="my-cards">
      <Title order={2} size="h3">
        {t("employeeApp.cards.title")}
      </Title>
      <AppAnnouncements />
      <ReceiptLockNotice />
      {cards.isPending && <Loader aria-label={t("employeeApp.loading")} />}
      {cards.isError && <ApiErrorAlert error={cards.error} />}
      {cards.data?.nodes.length === 0 && (
        <Alert variant="light" data-testid="my-cards-empty">
          <Text size="sm">{t("employeeApp.cards.empty")}</Text>
        </Alert>
      )}
      {cards.data?.nodes.map((card) => (
        <CardTile key={card.id} card={card} />
      ))}
      <UnlockOffer />
    </Stack>
  );
}
