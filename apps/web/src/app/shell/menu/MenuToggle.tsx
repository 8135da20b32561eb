import { ActionIcon, Tooltip } from "@mantine/core";
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** Switches the menu between full width and icon mode. */
export function MenuToggle({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const label = collapsed ? t("menu.expand") : t("menu.collapse");
  return (
    <Tooltip label={label} position="right" withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={onToggle}
        aria-label={label}
        aria-expanded={!collapsed}
        data-testid="menu-toggle"
      >
        {collapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
