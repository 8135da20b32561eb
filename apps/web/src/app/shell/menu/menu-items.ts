import type { ParseKeys } from "i18next";
import { PATHS } from "../../router/paths.ts";

export type MenuIcon = "expenses" | "cards" | "people" | "teams" | "overview" | "accounting" | "invoices";

/** The permission an item needs (spec 2); the permissions issue filters the menu by the role's policy. */
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

/** Spec 2, left-hand menu: three sections, each item with the resource and action it needs. */
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
];

/** Keeps the items the given check allows and drops sections left empty. */
export const visibleMenu = (
  sections: readonly MenuSection[],
  allows: (need: MenuNeed) => boolean,
): readonly MenuSection[] =>
  sections
    .map((section) => ({ ...section, items: section.items.filter((item) => allows(item.needs)) }))
    .filter((section) => section.items.length > 0);
