import { describe, expect, it } from "vitest";
import { ROLE_IDS } from "../enums.ts";
import { assignableRoles, isMemberRole, MEMBER_ROLES } from "./roles.ts";

describe("assignableRoles", () => {
  it("lets a project owner give every member role, and nobody else any", () => {
    expect(assignableRoles("project_owner")).toEqual(["project_owner", "user", "team_admin", "accountant"]);
    for (const role of ["team_admin", "accountant", "user", "platform_owner", "empty_role"] as const) {
      expect(assignableRoles(role)).toEqual([]);
    }
  });

  it("lists member roles in the order of their spec ids", () => {
    const ids = MEMBER_ROLES.map((role) => ROLE_IDS[role]);
    expect(ids).toEqual([1, 2, 3, 5]);
    expect(isMemberRole("team_admin")).toBe(true);
    expect(isMemberRole("platform_owner")).toBe(false);
  });
});
