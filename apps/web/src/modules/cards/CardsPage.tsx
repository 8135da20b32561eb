import { IconCreditCard } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyPage } from "../../ui/empty-page/EmptyPage.tsx";

/** `/cards`: the project's virtual cards; until one is issued, an empty state. */
export function CardsPage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t("pages.cards.emptyTitle")}
      description={t("pages.cards.emptyBody")}
      icon={<IconCreditCard size={28} stroke={1.5} />}
    />
  );
}
