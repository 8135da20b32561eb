import { Center, Loader, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Spec 2: the loading screen ("Hleður..."). */
export function FullPageLoading() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" data-testid="state-loading" aria-busy="true">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{t("states.loading")}</Text>
      </Stack>
    </Center>
  );
}
