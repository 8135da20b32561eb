import {
  IconBuildingBank,
  IconChartPie,
  IconCreditCard,
  IconFileInvoice,
  IconHistory,
  IconReceipt,
  IconShieldCheck,
  IconUsers,
  IconUsersGroup,
} from "@tabler/icons-react";
import type { MenuIcon } from "./menu-items.ts";

const ICONS = {
  expenses: IconReceipt,
  cards: IconCreditCard,
  people: IconUsers,
  teams: IconUsersGroup,
  overview: IconChartPie,
  audit: IconHistory,
  accounting: IconBuildingBank,
  invoices: IconFileInvoice,
  platform: IconShieldCheck,
} as const satisfies Record<MenuIcon, unknown>;

export function MenuItemIcon({ icon }: { icon: MenuIcon }) {
  const Icon = ICONS[icon];
  return <Icon size={20} stroke={1.6} />;
}
