import { Avatar, Box, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconLogout, IconSettings } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useStoreLanguage } from "../../../modules/settings/usePersonalSettings.ts";
import { LanguageSwitch } from "../../i18n/LanguageSwitch.tsx";
import { PATHS } from "../../router/paths.ts";
import type { Me } from "../../session/session.graphql.ts";
import { useSignOut } from "../../session/useSignOut.ts";
import { initialOf } from "./initial.ts";

/** Spec 2: avatar, full name and e-mail; personal settings, language and sign out. */
export function UserMenu({ me, collapsed }: { me: Me; collapsed: boolean }) {
  const { t } = useTranslation();
  const { signOut } = useSignOut();
  const storeLanguage = useStoreLanguage();
  const image = me.image?.thumbnail_url ?? me.image?.url ?? null;

  return (
    <Menu position={collapsed ? "right-end" : "top-start"} width={280} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          w="100%"
          p={6}
          aria-label={t("user.menu")}
          data-testid="user-menu"
          style={{ borderRadius: "var(--mantine-radius-md)" }}
        >
          <Group gap="sm" wrap="nowrap" justify={collapsed ? "center" : "flex-start"}>
            <Avatar src={image} alt={me.full_name} radius="xl" color="kort" data-testid="user-avatar">
              {initialOf(me.full_name)}
            </Avatar>
            {!collapsed && (
              <Box miw={0}>
                <Text size="sm" fw={600} truncate data-testid="user-full-name">
                  {me.full_name}
                </Text>
                <Text size="xs" c="dimmed" truncate data-testid="user-email">
                  {me.email}
                </Text>
              </Box>
            )}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
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
        <Menu.Item
          component={Link}
          to={PATHS.personalSettings}
          leftSection={<IconSettings size={16} />}
          data-testid="user-menu-settings"
        >
          {t("pages.personalSettings.title")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t("language.label")}</Menu.Label>
        <Box px="xs" pb="xs">
          <LanguageSwitch size="xs" fullWidth onChanged={(language) => storeLanguage.mutate(language)} />
        </Box>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={signOut}
          data-testid="user-menu-sign-out"
        >
          {t("user.signOut")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
