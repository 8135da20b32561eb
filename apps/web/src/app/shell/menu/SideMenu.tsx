import { Box, Divider, Group, ScrollArea, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSelectedProjectId } from "../../session/project-store.ts";
import type { Project } from "../../session/selected-project.ts";
import type { Me } from "../../session/session.graphql.ts";
import { useCurrentRole } from "../../session/useCurrentRole.ts";
import { ProjectSwitcher } from "../project/ProjectSwitcher.tsx";
import { UserMenu } from "../user/UserMenu.tsx";
import { MenuLink } from "./MenuLink.tsx";
import { MenuToggle } from "./MenuToggle.tsx";
import { MENU_WIDTH } from "./menu-collapse.ts";
import { menuForRole } from "./menu-items.ts";

type SideMenuProps = { collapsed: boolean; onToggle: () => void; projects: readonly Project[]; me: Me };

/** The left-hand menu: project switcher, the sections the role may see (spec 2), and the user menu. */
export function SideMenu({ collapsed, onToggle, projects, me }: SideMenuProps) {
  const { t } = useTranslation();
  // The shell shows this frame once the role is loaded; the query is shared, so this costs no request.
  const role = useCurrentRole(useSelectedProjectId()).data ?? null;
  return (
    <Box
      component="nav"
      aria-label={t("menu.navigation")}
      data-testid="side-menu"
      data-collapsed={String(collapsed)}
      w={collapsed ? MENU_WIDTH.collapsed : MENU_WIDTH.expanded}
      h="100vh"
      bg="gray.0"
      pos="sticky"
      top={0}
      style={{
        flexShrink: 0,
        display: "flex",
        flexDirection: "column",
        borderRight: "1px solid var(--mantine-color-gray-3)",
        transition: "width 200ms ease",
      }}
    >
      <Group h={64} px="md" justify={collapsed ? "center" : "space-between"} wrap="nowrap">
        {!collapsed && (
          <Text fw={800} size="xl" c="kort.8" data-testid="logo">
            {t("app.name")}
          </Text>
        )}
        <MenuToggle collapsed={collapsed} onToggle={onToggle} />
      </Group>
      <Box px="sm" pb="sm">
        <ProjectSwitcher projects={projects} collapsed={collapsed} />
      </Box>
      <Divider />
      <ScrollArea style={{ flex: 1 }} px="sm" py="md">
        <Stack gap="lg">
          {menuForRole(role).map((section) => (
            <Stack key={section.id} gap={2} data-testid={`menu-section-${section.id}`}>
              {collapsed ? (
                <Divider my={6} />
              ) : (
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
                  {t(section.labelKey)}
                </Text>
              )}
              {section.items.map((item) => (
                <MenuLink key={item.id} item={item} collapsed={collapsed} />
              ))}
            </Stack>
          ))}
        </Stack>
      </ScrollArea>
      <Divider />
      <Box p="sm">
        <UserMenu me={me} collapsed={collapsed} />
      </Box>
    </Box>
  );
}
