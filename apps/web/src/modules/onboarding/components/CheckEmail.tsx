import { Stack, Text, Title } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Sign-up waits for the link sent to `email`. */
export function CheckEmail({ email, children }: { email: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start" data-testid="check-email">
      <IconMailForward size={40} stroke={1.5} color="var(--mantine-color-kort-6)" />
      <Title order={1} size="h2">
        {t("onboarding.checkEmail.title")}
      </Title>
      <Text>{t("onboarding.checkEmail.body", { email })}</Text>
      <Text c="dimmed" size="sm">
        {t("onboarding.checkEmail.hint")}
      </Text>
      {children}
    </Stack>
  );
}
