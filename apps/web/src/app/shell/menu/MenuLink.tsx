import { Badge, NavLink, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { MenuItemIcon } from "./MenuItemIcon.tsx";
import { isMenuItemActive, type MenuItem } from "./menu-items.ts";

/** One menu entry; in icon mode only the icon, with the label as a tooltip. */
export function MenuLink({ item, collapsed }: { item: MenuItem; collapsed: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const label = t(item.labelKey);
  const link = (
    <NavLink
      component={Link}
      to={item.path}
      label={collapsed ? null : label}
      // In icon mode the link shows no words: the label names it. Otherwise its visible words do (a "Beta" badge
      // included), since a name that differs from what is shown is not what a person using speech would say.
      aria-label={collapsed ? label : undefined}
      leftSection={<MenuItemIcon icon={item.icon} />}
      rightSection={item.beta && !collapsed ? <Badge size="xs">{t("menu.beta")}</Badge> : null}
      active={isMenuItemActive(pathname, item.path)}
      variant="light"
      data-testid={`menu-item-${item.id}`}
      styles={{ root: { borderRadius: "var(--mantine-radius-md)", justifyContent: collapsed ? "center" : undefined } }}
      h={44}
    />
  );
  return collapsed ? (
    <Tooltip label={label} position="right" withArrow>
      {link}
    </Tooltip>
  ) : (
    link
  );
}
