import { Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "../../app/i18n/LanguageSwitch.tsx";
import { useStoreLanguage } from "./usePersonalSettings.ts";

/**
 * The language of the interface, stored on the user as well, so e-mails and PDFs made for them follow it: personal
 * settings on the dashboard, and the employee app's account page (whose header hides its own switch on the narrowest
 * phones). `touch`: the app's full-width control.
 */
export function LanguageSection({ touch = false }: { touch?: boolean }) {
  const { t } = useTranslation();
  const storeLanguage = useStoreLanguage();
  return (
    <Paper withBorder p={touch ? "md" : "lg"} radius="md" data-testid="language-section">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("language.label")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("pages.personalSettings.languageHint")}
        </Text>
        <LanguageSwitch
          size={touch ? "md" : "sm"}
          fullWidth={touch}
          onChanged={(language) => storeLanguage.mutate(language)}
        />
      </Stack>
    </Paper>
  );
}
