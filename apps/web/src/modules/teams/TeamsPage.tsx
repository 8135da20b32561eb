import { IconUsersGroup } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyPage } from "../../ui/empty-page/EmptyPage.tsx";

/** `/teams`: the project's teams with members and budgets. */
export function TeamsPage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t("pages.teams.emptyTitle")}
      description={t("pages.teams.emptyBody")}
      icon={<IconUsersGroup size={28} stroke={1.5} />}
    />
  );
}
