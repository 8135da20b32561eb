import { Badge, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CARD_TYPE_KEYS } from "./card-labels.ts";
import { useActiveCardCounts } from "./card-queries.ts";

/** Spec 7: how many active cards of each type the caller may see. */
export function ActiveCardCounts() {
  const { t } = useTranslation();
  const counts = useActiveCardCounts();
  return (
    <Group gap="xs" data-testid="active-card-counts">
      {(counts.data ?? []).map((row) => (
        <Badge
          key={row.card_type}
          variant="light"
          size="lg"
          className="wraps"
          data-testid={`active-count-${row.card_type}`}
        >
          {t("cards.list.activeCount", { type: t(CARD_TYPE_KEYS[row.card_type]), count: row.count })}
        </Badge>
      ))}
    </Group>
  );
}
