import { Button, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PATHS } from "../../app/router/paths.ts";

/** `/onboarding/create`: where a new company starts; sign-up begins with the e-mail address. */
export function OnboardingCreatePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="page-onboarding-create">
      <Title order={1} size="h2">
        {t("public.onboarding.title")}
      </Title>
      <Text c="dimmed">{t("public.onboarding.body")}</Text>
      <Button component={Link} to={PATHS.auth} size="md">
        {t("public.onboarding.start")}
      </Button>
    </Stack>
  );
}
