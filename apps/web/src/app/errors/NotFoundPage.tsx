import { Button, Text } from "@mantine/core";
import { IconMapQuestion } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PATHS } from "../router/paths.ts";
import { FullPage } from "../states/FullPage.tsx";

/** `/404` and every unknown path: page not found, with Go to Home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <FullPage title={t("errorPages.notFound.title")} testId="page-not-found" icon={<IconMapQuestion size={40} />}>
      <Text c="dimmed">{t("errorPages.notFound.body")}</Text>
      <Button component={Link} to={PATHS.root}>
        {t("errorPages.notFound.home")}
      </Button>
    </FullPage>
  );
}
