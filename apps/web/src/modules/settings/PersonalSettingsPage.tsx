import { Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "../../app/i18n/LanguageSwitch.tsx";
import { useMe } from "../../app/session/useMe.ts";

/** `/personal-settings`: the read-only profile and the interface language (photo and aliases come later). */
export function PersonalSettingsPage() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <Stack gap="lg" maw={560}>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t("pages.personalSettings.profile")}
          </Title>
          <TextInput label={t("pages.personalSettings.fullName")} value={me.data?.full_name ?? ""} readOnly />
          <TextInput label={t("pages.personalSettings.email")} value={me.data?.email ?? ""} readOnly />
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("language.label")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("pages.personalSettings.languageHint")}
          </Text>
          <LanguageSwitch />
        </Stack>
      </Paper>
    </Stack>
  );
}
