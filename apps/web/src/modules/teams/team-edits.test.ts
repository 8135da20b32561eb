import { describe, expect, it } from "vitest";
import {
  budgetSavable,
  detailsOf,
  detailsPatch,
  detailsSavable,
  limitsChanged,
  limitsTooLarge,
  visibleCategoriesSavable,
} from "./team-edits.ts";

describe("the budget editor", () => {
  it("saves only a change, and an empty value (no budget) is a change from a budget", () => {
    expect(budgetSavable(800_000, 800_000)).toBe(false);
    expect(budgetSavable(null, null)).toBe(false);
    expect(budgetSavable(800_000, 900_000)).toBe(true);
    expect(budgetSavable(800_000, null)).toBe(true);
    expect(budgetSavable(null, 0)).toBe(true);
    expect(budgetSavable(null, 2_147_483_648)).toBe(false);
  });
});

describe("the limit control form", () => {
  const none = { max_monthly: null, max_weekly: null, max_daily: null };
  it("notices a change in any period and amounts beyond the ceiling", () => {
    expect(limitsChanged(none, none)).toBe(false);
    expect(limitsChanged(none, { ...none, max_daily: 10 })).toBe(true);
    expect(limitsTooLarge({ ...none, max_monthly: 2_147_483_648 })).toBe(true);
  });
});

describe("the team details form", () => {
  const saved = detailsOf({ name: "Sala", account_code: "4010", account_code_name: null });

  it("needs a name and an account code and a change", () => {
    expect(detailsSavable(saved, saved)).toBe(false);
    expect(detailsSavable(saved, { ...saved, name: " Sala " })).toBe(false);
    expect(detailsSavable(saved, { ...saved, name: "" })).toBe(false);
    expect(detailsSavable(saved, { ...saved, accountCode: " " })).toBe(false);
    expect(detailsSavable(saved, { ...saved, name: "Sala og markaður" })).toBe(true);
  });

  it("sends only what changed", () => {
    expect(detailsPatch(saved, { ...saved, name: " Markaður " })).toEqual({ name: "Markaður" });
    expect(detailsPatch({ ...saved, accountCodeName: "Söludeild" }, { ...saved, accountCodeName: "" })).toEqual({
      account_code_name: "",
    });
  });
});

describe("the visible categories form", () => {
  const all = { all_categories_visible: true, visible_categories: [] };
  const chosen = { all_categories_visible: false, visible_categories: [{ id: "a", code: "1", title: "A" }] };

  it("needs at least one category in a chosen list, and a change", () => {
    expect(visibleCategoriesSavable(all, { all: true, ids: [] })).toBe(false);
    expect(visibleCategoriesSavable(all, { all: false, ids: [] })).toBe(false);
    expect(visibleCategoriesSavable(all, { all: false, ids: ["a"] })).toBe(true);
    expect(visibleCategoriesSavable(chosen, { all: false, ids: ["a"] })).toBe(false);
    expect(visibleCategoriesSavable(chosen, { all: false, ids: ["a", "b"] })).toBe(true);
    expect(visibleCategoriesSavable(chosen, { all: true, ids: ["a"] })).toBe(true);
  });
});
