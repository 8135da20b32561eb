import { describe, expect, it } from "vitest";
import { chooseProject, type Project } from "./selected-project.ts";

const project = (id: string, enabled = true): Project => ({
  id,
  title: `P ${id}`,
  host: null,
  enabled,
  approval_status: "approved",
});

describe("chooseProject", () => {
  it("keeps the selected project while it is still there", () => {
    expect(chooseProject([project("a"), project("b")], "b")?.id).toBe("b");
  });

  it("falls back to the first project when the selection is gone or unset", () => {
    expect(chooseProject([project("a"), project("b")], "gone")?.id).toBe("a");
    expect(chooseProject([project("a")], null)?.id).toBe("a");
  });

  it("skips disabled projects", () => {
    expect(chooseProject([project("a", false), project("b")], "a")?.id).toBe("b");
  });

  it("gives none without active projects", () => {
    expect(chooseProject([], "a")).toBeNull();
    expect(chooseProject([project("a", false)], null)).toBeNull();
  });
});
