import { describe, expect, it } from "vitest";
import type { RoleName } from "./enums.ts";
import {
  type ChecklistItem,
  checklistItemsFor,
  ONBOARDING_AUTO_OPEN_MS,
  ONBOARDING_WINDOW_MS,
  onboardingChecklist,
} from "./onboarding-checklist.ts";

const createdAt = new Date("2026-11-20T10:00:00.000Z");
const after = (ms: number) => new Date(createdAt.getTime() + ms);

const checklist = (role: RoleName, ms: number, options: { done?: ChecklistItem[]; completed?: boolean } = {}) =>
  onboardingChecklist({
    role,
    createdAt,
    now: after(ms),
    completed: options.completed ?? false,
    done: new Set(options.done ?? []),
  });

describe("onboarding checklist (spec 2)", () => {
  it("gives project owners the four items in order, and everyone else the one their role may do", () => {
    expect(checklistItemsFor("project_owner")).toEqual(["card", "members", "category", "team"]);
    expect(checklistItemsFor("team_admin")).toEqual(["card"]);
    expect(checklistItemsFor("accountant")).toEqual(["category"]);
  });

  it("shows the icon to non-employee roles for 7 days, and to employees never", () => {
    for (const role of ["project_owner", "team_admin", "accountant"] as const) {
      expect(checklist(role, 0).visible, role).toBe(true);
      expect(checklist(role, ONBOARDING_WINDOW_MS - 1).visible, role).toBe(true);
      expect(checklist(role, ONBOARDING_WINDOW_MS).visible, role).toBe(false);
    }
    expect(checklist("user", 0).visible).toBe(false);
    expect(checklist("platform_owner", 0).visible).toBe(false);
    expect(checklist("empty_role", 0).visible).toBe(false);
  });

  it("clears the local flags once the 7 days are over, not before", () => {
    expect(checklist("project_owner", ONBOARDING_WINDOW_MS - 1).clearFlags).toBe(false);
    expect(checklist("project_owner", ONBOARDING_WINDOW_MS).clearFlags).toBe(true);
  });

  it("hides the icon once onboarding is marked completed", () => {
    expect(checklist("project_owner", 1000, { completed: true }).visible).toBe(false);
  });

  it("opens by itself within 10 seconds of account creation, except for accountants and employees", () => {
    expect(checklist("project_owner", 0).autoOpen).toBe(true);
    expect(checklist("project_owner", ONBOARDING_AUTO_OPEN_MS - 1).autoOpen).toBe(true);
    expect(checklist("project_owner", ONBOARDING_AUTO_OPEN_MS).autoOpen).toBe(false);
    expect(checklist("team_admin", 5000).autoOpen).toBe(true);
    expect(checklist("accountant", 5000).autoOpen).toBe(false);
    expect(checklist("user", 5000).autoOpen).toBe(false);
    expect(checklist("project_owner", 5000, { completed: true }).autoOpen).toBe(false);
  });

  it("counts what is left from 4 for owners (1 for others) and is all done at 0", () => {
    const fresh = checklist("project_owner", 1000);
    expect(fresh.remaining).toBe(4);
    expect(fresh.allDone).toBe(false);
    const two = checklist("project_owner", 1000, { done: ["card", "team"] });
    expect(two.remaining).toBe(2);
    expect(two.items).toEqual([
      { id: "card", done: true },
      { id: "members", done: false },
      { id: "category", done: false },
      { id: "team", done: true },
    ]);
    const all = checklist("project_owner", 1000, { done: ["card", "members", "category", "team"] });
    expect(all.remaining).toBe(0);
    expect(all.allDone).toBe(true);
    expect(checklist("team_admin", 1000).remaining).toBe(1);
    // A flag of an item the role does not have changes nothing.
    expect(checklist("team_admin", 1000, { done: ["team"] }).remaining).toBe(1);
    expect(checklist("team_admin", 1000, { done: ["card"] }).allDone).toBe(true);
  });
});
