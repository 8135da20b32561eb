import { describe, expect, it } from "vitest";
import { MENU_SECTIONS, visibleMenu } from "./menu-items.ts";

describe("menu items", () => {
  it("has the sections and items of spec 2 in order", () => {
    expect(MENU_SECTIONS.map((section) => [section.id, section.items.map((item) => item.id)])).toEqual([
      ["finances", ["expenses", "cards"]],
      ["people", ["people", "teams"]],
      ["overview", ["overview", "accounting", "invoices"]],
    ]);
  });

  it("filters by need and drops empty sections", () => {
    const readsOnly = visibleMenu(MENU_SECTIONS, (need) => need.resource === "transaction" || need.resource === "card");
    expect(readsOnly.map((section) => section.items.map((item) => item.id))).toEqual([
      ["expenses", "cards"],
      ["overview"],
    ]);
  });
});
