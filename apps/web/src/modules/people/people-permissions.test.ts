import { describe, expect, it } from "vitest";
import { peoplePermissions, rowActions } from "./people-permissions.ts";

describe("people permissions (spec 6)", () => {
  it("gives project owners every action and the others none", () => {
    expect(peoplePermissions("project_owner")).toEqual({
      invite: true,
      manageRole: true,
      setLimitControl: true,
      remove: true,
      unlock: true,
    });
    for (const role of ["team_admin", "accountant", "user"] as const) {
      expect(Object.values(peoplePermissions(role)).some(Boolean)).toBe(false);
    }
    expect(peoplePermissions(null).invite).toBe(false);
  });

  it("offers unlock for locked members only, and never removing oneself", () => {
    const owner = peoplePermissions("project_owner");
    expect(rowActions(owner, { user_id: "a", locked: false }, "me")).toEqual(["role", "limits", "remove"]);
    expect(rowActions(owner, { user_id: "a", locked: true }, "me")).toEqual(["role", "limits", "unlock", "remove"]);
    expect(rowActions(owner, { user_id: "me", locked: false }, "me")).toEqual(["role", "limits"]);
    expect(rowActions(peoplePermissions("accountant"), { user_id: "a", locked: true }, "me")).toEqual([]);
  });
});
