import { IconChartPie } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyPage } from "../../ui/empty-page/EmptyPage.tsx";

/** `/overview`: usage, credit limit and spending charts. */
export function OverviewPage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t("pages.overview.emptyTitle")}
      description={t("pages.overview.emptyBody")}
      icon={<IconChartPie size={28} stroke={1.5} />}
    />
  );
}
