import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PublishAnnouncementCard } from "../announcements/PublishAnnouncementCard.tsx";
import { LockedUsersCard } from "./LockedUsersCard.tsx";
import { PendingCompaniesCard } from "./PendingCompaniesCard.tsx";

/**
 * `/platform` (issue 9): the platform owners' console. The menu shows it only to them; the page is not
 * route-guarded (as the others), since the server refuses everyone else's calls with ACCESS_DENIED.
 */
export function PlatformPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="platform-page">
      <Text c="dimmed">{t("pages.platform.intro")}</Text>
      <PendingCompaniesCard />
      <LockedUsersCard />
      <PublishAnnouncementCard />
    </Stack>
  );
}
