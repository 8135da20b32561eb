import { Button, Text } from "@mantine/core";
import { IconRefreshAlert } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { FullPage } from "../states/FullPage.tsx";

/** `/505`: this build of the dashboard is no longer supported; reloading fetches the current one. */
export function VersionNotSupportedPage() {
  const { t } = useTranslation();
  return (
    <FullPage
      title={t("errorPages.versionNotSupported.title")}
      testId="page-version-not-supported"
      icon={<IconRefreshAlert size={40} />}
    >
      <Text c="dimmed">{t("errorPages.versionNotSupported.body")}</Text>
      <Button onClick={() => window.location.assign("/")}>{t("errorPages.versionNotSupported.refresh")}</Button>
    </FullPage>
  );
}
