import { Button, Stack, Text, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MobileAppDownload } from "../../app/mobile-app/MobileAppDownload.tsx";
import { HOME_PATH } from "../../app/router/paths.ts";

/** `/complete`: sign-up is done; the QR code opens the mobile app, and the dashboard is one click away. */
export function CompletePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="page-complete">
      <IconCircleCheck size={40} color="var(--mantine-color-green-6)" />
      <Title order={1} size="h2">
        {t("public.complete.title")}
      </Title>
      <Text c="dimmed">{t("public.complete.body")}</Text>
      <MobileAppDownload />
      <Button component={Link} to={HOME_PATH} size="md" fullWidth data-testid="complete-dashboard">
        {t("public.complete.dashboard")}
      </Button>
    </Stack>
  );
}
