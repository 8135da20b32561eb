import { Alert, Group, Loader, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { useNamePage } from "../../app/shell/header/page-subtitle.ts";
import { CardMerchantControls } from "../spend-rules/CardMerchantControls.tsx";
import { CardActions } from "./CardActions.tsx";
import { CardActivity } from "./CardActivity.tsx";
import { CardOverview } from "./CardOverview.tsx";
import { CardReviewNotice } from "./CardReviewNotice.tsx";
import { useCard } from "./card-queries.ts";

/** `/cards/:id` (spec 2): balance, limit and use, history and the actions the caller may take. */
export function CardPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const card = useCard(id);
  useNamePage(card.data?.description ?? null);
  if (card.isPending) return <Loader size="sm" aria-label={t("states.loading")} />;
  if (card.isError) {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="card-error">
        {t("cards.errors.details", { reason: t(errorKey(toApiError(card.error).code)) })}
      </Alert>
    );
  }
  return (
    <Stack gap="lg" data-testid="card-page">
      <Group justify="flex-end">
        <CardActions card={card.data} />
      </Group>
      {card.data.review && <CardReviewNotice review={card.data.review} />}
      <CardOverview card={card.data} />
      <CardMerchantControls cardId={card.data.id} />
      <CardActivity cardId={card.data.id} />
    </Stack>
  );
}
