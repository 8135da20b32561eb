import {
  Avatar,
  Box,
  Button,
  Divider,
  Group,
  Popover,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { IconLogout, IconSettings } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useStoreLanguage } from "../../../modules/settings/usePersonalSettings.ts";
import { LanguageSwitch } from "../../i18n/LanguageSwitch.tsx";
import { PATHS } from "../../router/paths.ts";
import type { Me } from "../../session/session.graphql.ts";
import { useSignOut } from "../../session/useSignOut.ts";
import { initialOf } from "./initial.ts";

/**
 * Spec 2: avatar, full name and e-mail; personal settings, language and sign out. It opens a small dialog, not a
 * menu: a menu may hold only menu items, and the language is a choice of two (a radio group) beside a link and a
 * button.
 */
export function UserMenu({ me, collapsed }: { me: Me; collapsed: boolean }) {
  const { t } = useTranslation();
  const { signOut } = useSignOut();
  const storeLanguage = useStoreLanguage();
  const [opened, setOpened] = useState(false);
  const image = me.image?.thumbnail_url ?? me.image?.url ?? null;

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position={collapsed ? "right-end" : "top-start"}
      width={280}
      shadow="md"
      trapFocus
      withinPortal
    >
      <Popover.Target>
        <UnstyledButton
          w="100%"
          p={6}
          onClick={() => setOpened((open) => !open)}
          data-testid="user-menu"
          style={{ borderRadius: "var(--mantine-radius-md)" }}
        >
          <Group gap="sm" wrap="nowrap" justify={collapsed ? "center" : "flex-start"}>
            {/* The button's name is what it shows (WCAG 2.5.3, label in name), then what it opens. */}
            <Avatar src={image} alt="" aria-hidden radius="xl" color="kort" data-testid="user-avatar">
              {initialOf(me.full_name)}
            </Avatar>
            {collapsed ? (
              <VisuallyHidden>{me.full_name}</VisuallyHidden>
            ) : (
              <Box miw={0}>
                <Text size="sm" fw={600} truncate data-testid="user-full-name">
                  {me.full_name}
                </Text>
                <Text size="xs" c="dimmed" truncate data-testid="user-email">
                  {me.email}
                </Text>
              </Box>
            )}
            <VisuallyHidden>{t("user.menu")}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p="xs" aria-label={t("user.menu")}>
        <Stack gap={4}>
          {collapsed && (
            <Box px="sm" py="xs">
              <Text size="sm" fw={600} truncate>
                {me.full_name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {me.email}
              </Text>
            </Box>
          )}
          <Button
            component={Link}
            to={PATHS.personalSettings}
            onClick={() => setOpened(false)}
            variant="subtle"
            color="dark"
            justify="flex-start"
            fullWidth
            leftSection={<IconSettings size={16} />}
            data-testid="user-menu-settings"
          >
            {t("pages.personalSettings.title")}
          </Button>
          <Divider />
          <Text size="xs" c="dimmed" px="xs" pt={4}>
            {t("language.label")}
          </Text>
          <Box px="xs" pb="xs">
            <LanguageSwitch size="xs" fullWidth onChanged={(language) => storeLanguage.mutate(language)} />
          </Box>
          <Divider />
          <Button
            variant="subtle"
            color="red"
            justify="flex-start"
            fullWidth
            leftSection={<IconLogout size={16} />}
            onClick={signOut}
            data-testid="user-menu-sign-out"
          >
            {t("user.signOut")}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
