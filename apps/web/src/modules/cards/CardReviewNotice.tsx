import { Alert, Anchor, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { PATHS } from "../../app/router/paths.ts";
import type { CardReview } from "./cards.graphql.ts";
import { useFormatDay } from "./useFormatDay.ts";

/**
 * Why a card is locked when a clearing far over its authorization locked it (issue 13): an administrator who comes
 * to the card without the notice reads what happened and opens the purchase before lifting the lock.
 */
export function CardReviewNotice({ review }: { review: CardReview }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const day = useFormatDay();
  return (
    <Alert color="orange" variant="light" title={t("cards.review.title")} data-testid="card-review">
      <Text size="sm">
        {t("cards.review.body", {
          merchant: review.merchant,
          cleared: money(review.cleared_amount),
          authorized: money(review.authorized_amount),
          excess: money(review.excess),
          date: day(review.locked_at),
        })}
      </Text>
      <Anchor component={Link} to={PATHS.expense(review.transaction_id)} size="sm" data-testid="card-review-purchase">
        {t("cards.review.openPurchase")}
      </Anchor>
    </Alert>
  );
}
