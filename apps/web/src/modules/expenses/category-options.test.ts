import { describe, expect, it } from "vitest";
import { usableCategories } from "./category-options.ts";

const category = (id: string, group: "Default" | "Team" = "Default", enabled = true) => ({
  id,
  title: id,
  code: id,
  group,
  enabled,
});
const ALL = [category("travel"), category("food"), category("old", "Default", false), category("sales", "Team")];

describe("usableCategories", () => {
  it("offers the enabled categories of the group when the team sees all, or there is no team", () => {
    const all = { all_categories_visible: true, visible_categories: [] };
    expect(usableCategories(ALL, "Default", all, null).map((c) => c.id)).toEqual(["travel", "food"]);
    expect(usableCategories(ALL, "Default", null, null).map((c) => c.id)).toEqual(["travel", "food"]);
    expect(usableCategories(ALL, "Team", null, null).map((c) => c.id)).toEqual(["sales"]);
  });

  it("offers only the team's chosen categories, and keeps the present one so the field can show it", () => {
    const chosen = { all_categories_visible: false, visible_categories: [{ id: "food" }] };
    expect(usableCategories(ALL, "Default", chosen, null).map((c) => c.id)).toEqual(["food"]);
    expect(usableCategories(ALL, "Default", chosen, "old").map((c) => c.id)).toEqual(["food", "old"]);
  });
});
