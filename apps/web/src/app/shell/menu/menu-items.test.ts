import { describe, expect, it } from "vitest";
import { isMenuItemActive, MENU_SECTIONS, menuForRole, menuHas, visibleMenu } from "./menu-items.ts";

describe("menu items", () => {
  it("has the sections and items of spec 2 in order", () => {
    expect(MENU_SECTIONS.map((section) => [section.id, section.items.map((item) => item.id)])).toEqual([
      ["finances", ["expenses", "cards"]],
      ["people", ["people", "teams"]],
      ["overview", ["overview", "audit-log", "accounting", "invoices"]],
      ["platform", ["platform"]],
    ]);
  });

  it("filters by need and drops empty sections", () => {
    const readsOnly = visibleMenu(MENU_SECTIONS, (need) => need.resource === "transaction" || need.resource === "card");
    expect(readsOnly.map((section) => section.items.map((item) => item.id))).toEqual([
      ["expenses", "cards"],
      ["overview"],
    ]);
  });

  it.each([
    ["project_owner", ["expenses", "cards", "people", "teams", "overview", "audit-log", "accounting", "invoices"]],
    ["accountant", ["expenses", "cards", "people", "teams", "accounting", "invoices"]],
    ["team_admin", ["expenses", "cards", "people", "teams"]],
    ["user", ["expenses", "cards"]],
    // Issue 9: the platform console is for platform owners alone.
    ["platform_owner", ["invoices", "platform"]],
    ["empty_role", []],
  ] as const)("shows %s exactly what the matrix and spec 2 allow", (role, items) => {
    expect(menuForRole(role).flatMap((section) => section.items.map((item) => item.id))).toEqual(items);
  });

  it("marks the audit log, the owners' page under Overview, as Beta", () => {
    const overview = MENU_SECTIONS.find((section) => section.id === "overview");
    expect(overview?.items.find((item) => item.id === "audit-log")?.beta).toBe(true);
  });

  it("marks the most specific item active: the audit log's page is not the Overview's", () => {
    expect(isMenuItemActive("/overview", "/overview")).toBe(true);
    expect(isMenuItemActive("/overview/audit-log", "/overview")).toBe(false);
    expect(isMenuItemActive("/overview/audit-log", "/overview/audit-log")).toBe(true);
    expect(isMenuItemActive("/teams/abc", "/teams")).toBe(true);
    expect(isMenuItemActive("/overviews", "/overview")).toBe(false);
  });

  it("shows nothing while the role is unknown", () => {
    expect(menuForRole(null)).toEqual([]);
  });

  it("says which pages a role's menu has, for the pages that deny the others (MenuPage)", () => {
    for (const id of ["overview", "audit-log", "accounting", "invoices"]) {
      expect(menuHas("project_owner", id)).toBe(true);
      expect(menuHas("team_admin", id)).toBe(false);
    }
    expect(menuHas("accountant", "accounting")).toBe(true);
    expect(menuHas("accountant", "overview")).toBe(false);
    expect(menuHas("team_admin", "cards")).toBe(true);
    expect(menuHas("project_owner", "no-such-page")).toBe(false);
  });
});
