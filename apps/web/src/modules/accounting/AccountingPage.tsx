import { IconBuildingBank } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyPage } from "../../ui/empty-page/EmptyPage.tsx";

/** `/accounting`: categories and dimensions. */
export function AccountingPage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t("pages.accounting.emptyTitle")}
      description={t("pages.accounting.emptyBody")}
      icon={<IconBuildingBank size={28} stroke={1.5} />}
    />
  );
}
