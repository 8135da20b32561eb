import { isPolicyAction, isPolicyResource, isPossiblyAllowed, type RoleName } from "@kort/core";
import type { ParseKeys } from "i18next";
import { PATHS } from "../../router/paths.ts";

export type MenuIcon =
  | "expenses"
  | "cards"
  | "people"
  | "teams"
  | "overview"
  | "audit"
  | "accounting"
  | "invoices"
  | "platform";

/** The permission an item needs (spec 2): the item shows when the role's policy possibly allows it. */
export type MenuNeed = { resource: string; action: string };

export type MenuItem = {
  id: string;
  labelKey: ParseKeys;
  path: string;
  icon: MenuIcon;
  needs: MenuNeed;
  beta?: boolean;
};

export type MenuSection = { id: string; labelKey: ParseKeys; items: readonly MenuItem[] };

/**
 * Spec 2, left-hand menu: three sections, each item with the resource and action it needs; and the platform
 * console's section (issue 9).
 */
export const MENU_SECTIONS: readonly MenuSection[] = [
  {
    id: "finances",
    labelKey: "menu.sections.finances",
    items: [
      {
        id: "expenses",
        labelKey: "pages.expenses.title",
        path: PATHS.expenses,
        icon: "expenses",
        needs: { resource: "transaction", action: "read" },
      },
      {
        id: "cards",
        labelKey: "pages.cards.title",
        path: PATHS.cards,
        icon: "cards",
        needs: { resource: "card", action: "read" },
      },
    ],
  },
  {
    id: "people",
    labelKey: "menu.sections.people",
    items: [
      {
        id: "people",
        labelKey: "pages.people.title",
        path: PATHS.people,
        icon: "people",
        needs: { resource: "user", action: "read" },
      },
      {
        id: "teams",
        labelKey: "pages.teams.title",
        path: PATHS.teams,
        icon: "teams",
        needs: { resource: "team", action: "read" },
      },
    ],
  },
  {
    id: "overview",
    labelKey: "menu.sections.overview",
    items: [
      {
        id: "overview",
        labelKey: "pages.overview.title",
        path: PATHS.overview,
        icon: "overview",
        needs: { resource: "transaction", action: "read" },
      },
      {
        // Issue 16: the owners' audit log, a page under Overview, new and marked Beta. The server asks user
        // manage-role, the owner-only privilege over people and roles, whose changes it lists.
        id: "audit-log",
        labelKey: "menu.auditLog",
        path: PATHS.auditLog,
        icon: "audit",
        needs: { resource: "user", action: "manage-role" },
        beta: true,
      },
      {
        id: "accounting",
        labelKey: "pages.accounting.title",
        path: PATHS.accounting,
        icon: "accounting",
        needs: { resource: "category", action: "manage" },
      },
      {
        id: "invoices",
        labelKey: "pages.invoices.title",
        path: PATHS.invoices,
        icon: "invoices",
        needs: { resource: "invoice", action: "read" },
      },
    ],
  },
  {
    // Issue 9: the platform console, for platform owners only (`project create` is theirs alone in the matrix).
    id: "platform",
    labelKey: "menu.sections.platform",
    items: [
      {
        id: "platform",
        labelKey: "pages.platform.title",
        path: PATHS.platform,
        icon: "platform",
        needs: { resource: "project", action: "create" },
      },
    ],
  },
];

/** Keeps the items the given check allows and drops sections left empty. */
export const visibleMenu = (
  sections: readonly MenuSection[],
  allows: (need: MenuNeed) => boolean,
): readonly MenuSection[] =>
  sections
    .map((section) => ({ ...section, items: section.items.filter((item) => allows(item.needs)) }))
    .filter((section) => section.items.length > 0);

/** Spec 2: "People and Teams are hidden for role user. Overview is hidden for user, accountant and team_admin." */
const HIDDEN_FOR: Readonly<Record<string, readonly RoleName[]>> = {
  people: ["user"],
  teams: ["user"],
  overview: ["user", "accountant", "team_admin"],
  "audit-log": ["user", "accountant", "team_admin"],
};

/** Whether the role's policy possibly allows what an item needs (the bundled engine, as the server's). */
export const roleAllows =
  (role: RoleName) =>
  (need: MenuNeed): boolean =>
    isPolicyResource(need.resource) &&
    isPolicyAction(need.resource, need.action) &&
    isPossiblyAllowed(role, need.resource, need.action);

/** The menu a role sees: items its policy possibly allows, less those spec 2 hides for it; none without a role. */
export const menuForRole = (role: RoleName | null, sections: readonly MenuSection[] = MENU_SECTIONS) => {
  if (role === null) return [];
  const allows = roleAllows(role);
  const shown = sections.map((section) => ({
    ...section,
    items: section.items.filter((item) => !(HIDDEN_FOR[item.id] ?? []).includes(role)),
  }));
  return visibleMenu(shown, allows);
};

/**
 * Whether the role's menu has the item: a page that is not in it (opened by its address) says access is denied
 * rather than show what the role may not use (spec 2 hides the Overview and the audit log from all but owners).
 */
export const menuHas = (role: RoleName, id: string): boolean =>
  menuForRole(role).some((section) => section.items.some((item) => item.id === id));

const under = (pathname: string, path: string): boolean => pathname === path || pathname.startsWith(`${path}/`);

/**
 * Whether the item at `path` is the current page's: the path or one under it, unless another item's longer path
 * matches too (the audit log, `/overview/audit-log`, is not the Overview's).
 */
export const isMenuItemActive = (
  pathname: string,
  path: string,
  sections: readonly MenuSection[] = MENU_SECTIONS,
): boolean =>
  under(pathname, path) &&
  !sections.some((section) =>
    section.items.some((item) => item.path.length > path.length && under(pathname, item.path)),
  );
