import { describe, expect, it } from "vitest";
import { backTarget, routeTitle } from "./route-title.ts";

describe("routeTitle", () => {
  it("names each signed-in page by its path", () => {
    expect(routeTitle("/cards")).toEqual({ titleKey: "pages.cards.title", subtitle: null, withBack: false });
    expect(routeTitle("/personal-settings").titleKey).toBe("pages.personalSettings.title");
    expect(routeTitle("/expenses/").titleKey).toBe("pages.expenses.title");
  });

  it("puts the nested part in the sub-title and a back control on team pages", () => {
    expect(routeTitle("/teams/Sala%20og%20marka%C3%B0ur")).toEqual({
      titleKey: "pages.teams.title",
      subtitle: "Sala og markaður",
      withBack: true,
    });
    expect(routeTitle("/teams").withBack).toBe(false);
  });

  it("leaves record ids out of the sub-title: the page names the record", () => {
    expect(routeTitle("/teams/0b3c6f1e-9a4d-4c2b-8e7f-1a2b3c4d5e6f")).toEqual({
      titleKey: "pages.teams.title",
      subtitle: null,
      withBack: true,
    });
  });

  it("has no title for unknown paths and survives bad escapes", () => {
    expect(routeTitle("/nowhere").titleKey).toBeNull();
    expect(routeTitle("/teams/%E0").subtitle).toBe("%E0");
  });
});

describe("backTarget", () => {
  it("goes to /cards from card paths", () => {
    expect(backTarget("/cards/123", true)).toBe("/cards");
  });

  it("steps back, or up when there is no history", () => {
    expect(backTarget("/teams/7", true)).toBe(-1);
    expect(backTarget("/teams/7", false)).toBe("/teams");
    expect(backTarget("/teams", false)).toBe("/");
  });
});
