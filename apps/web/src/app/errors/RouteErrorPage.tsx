import { Button, Text } from "@mantine/core";
import { IconBug } from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { FullPage } from "../states/FullPage.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";

/** The routes' error element: something threw while rendering; offer a refresh. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <FullPage title={t("errorPages.generic.title")} testId="page-error" icon={<IconBug size={40} />}>
      <Text c="dimmed">{t("errorPages.generic.body")}</Text>
      <Button onClick={() => window.location.reload()}>{t("errorPages.generic.refresh")}</Button>
    </FullPage>
  );
}
