import { IconReceipt } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyPage } from "../../ui/empty-page/EmptyPage.tsx";

/** `/expenses`: card spending in a billing period; until cards are used, an empty state. */
export function ExpensesPage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t("pages.expenses.emptyTitle")}
      description={t("pages.expenses.emptyBody")}
      icon={<IconReceipt size={28} stroke={1.5} />}
    />
  );
}
