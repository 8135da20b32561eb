import { Button, Stack, Text, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PATHS } from "../../app/router/paths.ts";

/** `/complete`: sign-up is done; employees continue in the mobile app. */
export function CompletePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start" data-testid="page-complete">
      <IconCircleCheck size={40} color="var(--mantine-color-green-6)" />
      <Title order={1} size="h2">
        {t("public.complete.title")}
      </Title>
      <Text c="dimmed">{t("public.complete.body")}</Text>
      <Button component={Link} to={PATHS.auth} size="md">
        {t("public.complete.signIn")}
      </Button>
    </Stack>
  );
}
