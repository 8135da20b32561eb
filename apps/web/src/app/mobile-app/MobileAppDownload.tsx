import { Button, Group, Stack, Text } from "@mantine/core";
import { IconBrandApple, IconBrandGooglePlay } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { QrCode } from "../../ui/qr-code/QrCode.tsx";
import { APP_STORE_URL, mobileAppUrl, PLAY_STORE_URL } from "./mobile-app-links.ts";

/** The prompt to get the mobile app: a QR code that opens it on the phone, and the store links. */
export function MobileAppDownload() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" data-testid="mobile-app-download">
      <QrCode value={mobileAppUrl(window.location.origin)} alt={t("mobileApp.qrAlt")} />
      <Text size="sm" c="dimmed" ta="center">
        {t("mobileApp.scan")}
      </Text>
      <Group justify="center" gap="xs">
        <Button
          component="a"
          href={APP_STORE_URL}
          target="_blank"
          rel="noopener"
          variant="default"
          leftSection={<IconBrandApple size={18} />}
          data-testid="app-store-link"
        >
          {t("mobileApp.appStore")}
        </Button>
        <Button
          component="a"
          href={PLAY_STORE_URL}
          target="_blank"
          rel="noopener"
          variant="default"
          leftSection={<IconBrandGooglePlay size={18} />}
          data-testid="play-store-link"
        >
          {t("mobileApp.googlePlay")}
        </Button>
      </Group>
    </Stack>
  );
}
