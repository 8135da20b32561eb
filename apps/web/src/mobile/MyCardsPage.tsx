import { Alert, Loader, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../app/errors/ApiErrorAlert.tsx";
import { AppAnnouncements } from "./AppAnnouncements.tsx";
import { CardTile } from "./CardTile.tsx";
import { ReceiptLockNotice } from "./ReceiptLockNotice.tsx";
import { UnlockOffer } from "./UnlockOffer.tsx";
import { useMyCards } from "./useMyCards.ts";

/** `/app`: the employee's own cards in the selected company, newest first. */
export function MyCardsPage() {
  const { t } = useTranslation();
  const cards = useMyCards();
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
