import { IconUsersGroup } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyPage } from "../../ui/empty-page/EmptyPage.tsx";

/** `/teams/:id`: one team; the header shows it as a sub-title. */
export function TeamPage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t("pages.team.emptyTitle")}
      description={t("pages.team.emptyBody")}
      icon={<IconUsersGroup size={28} stroke={1.5} />}
    />
  );
}
