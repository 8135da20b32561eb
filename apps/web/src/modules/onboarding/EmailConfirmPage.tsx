import { Button, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PATHS } from "../../app/router/paths.ts";

/** `/emailConfirm`: sign-up waits for the link in the verification e-mail. */
export function EmailConfirmPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="page-email-confirm">
      <Title order={1} size="h2">
        {t("public.emailConfirm.title")}
      </Title>
      <Text c="dimmed">{t("public.emailConfirm.body")}</Text>
      <Button component={Link} to={PATHS.auth} variant="light" size="md">
        {t("public.emailConfirm.back")}
      </Button>
    </Stack>
  );
}
