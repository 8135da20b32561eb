import { IconArrowsExchange } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyPage } from "../../ui/empty-page/EmptyPage.tsx";

/** `/transactions`: every card transaction of the project. */
export function TransactionsPage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t("pages.transactions.emptyTitle")}
      description={t("pages.transactions.emptyBody")}
      icon={<IconArrowsExchange size={28} stroke={1.5} />}
    />
  );
}
