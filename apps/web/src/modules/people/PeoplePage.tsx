import { IconUsers } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyPage } from "../../ui/empty-page/EmptyPage.tsx";

/** `/people`: users and invitations of the project. */
export function PeoplePage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t("pages.people.emptyTitle")}
      description={t("pages.people.emptyBody")}
      icon={<IconUsers size={28} stroke={1.5} />}
    />
  );
}
