import { Box, Center, Group, Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { LanguageSwitch } from "../i18n/LanguageSwitch.tsx";

export type PublicLayoutProps = {
  children?: ReactNode;
  /** Under the card: in demo mode, the link to the outbox. */
  footer?: ReactNode;
  /** The card's width in px (forms are 460 wide). */
  width?: number;
};

/**
 * The frame of the auth and public pages: name, language switch and a card in the middle. The name and switch are
 * the page's banner, the card its main content and the tagline its footer, so assistive technology can move between
 * them.
 */
export function PublicLayout({ children, footer, width = 460 }: PublicLayoutProps) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0" data-testid="public-layout">
      <Group component="header" justify="space-between" h={64} style={{ paddingInline: "var(--kort-gutter)" }}>
        <Text fw={800} size="xl" c="kort.8" data-testid="logo">
          {t("app.name")}
        </Text>
        <LanguageSwitch size="xs" />
      </Group>
      <Center component="main" px="md" pb="xl" pt="xl">
        <Stack w="100%" maw={width} gap="md">
          <Paper withBorder shadow="sm" radius="lg" style={{ padding: "var(--kort-gutter)" }}>
            {children ?? <Outlet />}
          </Paper>
          {footer}
        </Stack>
      </Center>
      <Text component="footer" ta="center" size="xs" c="dimmed" pb="md">
        {t("app.tagline")}
      </Text>
    </Box>
  );
}
