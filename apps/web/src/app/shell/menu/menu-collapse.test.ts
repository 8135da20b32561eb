import { describe, expect, it } from "vitest";
import {
  isMenuCollapsed,
  isNarrowWindow,
  type MenuState,
  parseMenuPreference,
  resizeMenu,
  toggleMenu,
} from "./menu-collapse.ts";

const wide: MenuState = { preference: "expanded", narrow: false, narrowOverride: null };

describe("menu collapse rule", () => {
  it("collapses under 1280 px", () => {
    expect(isNarrowWindow(1279)).toBe(true);
    expect(isNarrowWindow(1280)).toBe(false);
    expect(isMenuCollapsed({ ...wide, narrow: true })).toBe(true);
    expect(isMenuCollapsed(wide)).toBe(false);
  });

  it("follows the saved preference on a wide window", () => {
    expect(isMenuCollapsed({ ...wide, preference: "collapsed" })).toBe(true);
    expect(parseMenuPreference("collapsed")).toBe("collapsed");
    expect(parseMenuPreference(null)).toBe("expanded");
    expect(parseMenuPreference("junk")).toBe("expanded");
  });

  it("toggles the preference on a wide window", () => {
    const collapsed = toggleMenu(wide);
    expect(collapsed.preference).toBe("collapsed");
    expect(isMenuCollapsed(collapsed)).toBe(true);
    expect(toggleMenu(collapsed).preference).toBe("expanded");
  });

  it("toggles only for now on a narrow window, keeping the saved preference", () => {
    const narrow = resizeMenu(wide, true);
    const opened = toggleMenu(narrow);
    expect(isMenuCollapsed(opened)).toBe(false);
    expect(opened.preference).toBe("expanded");
    expect(isMenuCollapsed(toggleMenu(opened))).toBe(true);
  });

  it("forgets a temporary toggle when the window crosses the width", () => {
    const opened = toggleMenu(resizeMenu({ ...wide, preference: "collapsed" }, true));
    const wideAgain = resizeMenu(opened, false);
    expect(wideAgain.narrowOverride).toBeNull();
    expect(isMenuCollapsed(wideAgain)).toBe(true);
    expect(isMenuCollapsed(resizeMenu(wideAgain, true))).toBe(true);
    expect(resizeMenu(opened, true)).toBe(opened);
  });
});
