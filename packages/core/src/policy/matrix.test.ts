import { describe, expect, it } from "vitest";
import { ROLE_NAMES, type RoleName } from "../enums.ts";
import { PERMISSION_MATRIX, privilegesFor } from "./matrix.ts";
import { POLICY_ACTIONS, POLICY_RESOURCES, POLICY_SCOPES, type PolicyScope } from "./types.ts";

/** Spec section 6, "Permission matrix (scope in brackets)", copied word for word. */
const SPEC_LINES: Record<RoleName, string> = {
  accountant:
    "(project): account balance; card read; category manage, read, read-groups; invoice read; tax-category read; team manage, read; transaction export, manage-receipts, read, remind, set-category, set-comment, set-tax-category, set-team; user read.",
  platform_owner:
    "(project): integration manage, read; invoice read; manage add-demo-users; project create; user reapprove.",
  project_owner:
    "(project): account balance; blob upload; card change-cardholder, close, create, generate-transactions, lock, manage-limits, patch, read, read-tokens, set-default-category, set-team; category manage, read, read-groups; invoice read; role set-limit-control; stats spending-by-category, by-team, by-user; tax-category manage, read; team manage, read, set-limit-control; transaction export, import, manage-receipts, read, remind, set-category, set-comment, set-tax-category, set-team, sync; user invite, manage-role, manage-team, read, reapprove, remove, set-limit-control.",
  team_admin:
    ": account balance (project); card change-cardholder, close, create, lock, manage-limits, patch, read, set-default-category, set-team (team); category read (team), read-groups (project); tax-category read (project); team read (project); transaction export, manage-receipts, read, remind, set-category, set-comment, set-tax-category (team), set-team (project); user read (team).",
  user: "(own): card freeze, in-app-activation, push-provisioning, read, sensitive-details; category read (team), read-groups (project); email delete; tax-category read (project); team read (team); transaction export, manage-receipts, read, remind, set-category, set-comment, set-tax-category, set-team; user change-email, change-phone, read, reset-secret.",
  empty_role: ": nothing.",
};

/** The spec shortens "stats spending-by-category, by-team, by-user"; the actions are spending-by-*. */
const SHORTHAND: Record<string, string> = { "by-team": "spending-by-team", "by-user": "spending-by-user" };

const isScope = (value: string): value is PolicyScope => (POLICY_SCOPES as readonly string[]).includes(value);

/**
 * Reads one spec line: "(default): resource action, action (scope); ...". A bracket gives its scope
 * to the actions of the same resource since the previous bracket; the rest take the role's default.
 */
const parseSpecLine = (line: string): string[] => {
  const [head = "", body = ""] = line.split(":");
  const fallback = head.match(/\((\w+)\)/)?.[1];
  if (body.trim() === "nothing.") return [];
  return body
    .trim()
    .replace(/\.$/, "")
    .split("; ")
    .flatMap((group) => {
      const [resource = "", ...rest] = group.split(" ");
      const entries: string[] = [];
      let pending: string[] = [];
      for (const item of rest.join(" ").split(", ")) {
        const [, name = "", scope] = item.match(/^([\w-]+)(?: \((\w+)\))?$/) ?? [];
        pending.push(SHORTHAND[name] ?? name);
        if (scope) {
          entries.push(...pending.map((action) => `${resource} ${action} ${scope}`));
          pending = [];
        }
      }
      if (pending.length > 0) {
        if (!fallback || !isScope(fallback)) throw new Error(`No scope for ${resource} in: ${line}`);
        entries.push(...pending.map((action) => `${resource} ${action} ${fallback}`));
      }
      return entries;
    });
};

const rendered = (role: RoleName): string[] => privilegesFor(role).map((p) => `${p.resource} ${p.action} ${p.scope}`);

describe("PERMISSION_MATRIX", () => {
  it.each(ROLE_NAMES)("grants %s exactly what spec section 6 lists", (role) => {
    const expected = parseSpecLine(SPEC_LINES[role]);
    expect([...rendered(role)].sort()).toEqual([...expected].sort());
    expect(new Set(rendered(role)).size).toBe(rendered(role).length);
  });

  it("has the spec's size for every role, counted by hand", () => {
    const sizes = Object.fromEntries(ROLE_NAMES.map((role) => [role, privilegesFor(role).length]));
    expect(sizes).toEqual({
      project_owner: 43,
      team_admin: 23,
      accountant: 18,
      user: 22,
      platform_owner: 6,
      empty_role: 0,
    });
  });

  it("uses every action of its vocabulary, and nothing outside it", () => {
    const granted = new Set(ROLE_NAMES.flatMap(rendered).map((entry) => entry.split(" ").slice(0, 2).join(" ")));
    const vocabulary = POLICY_RESOURCES.flatMap((resource) =>
      POLICY_ACTIONS[resource].map((action) => `${resource} ${action}`),
    );
    expect([...granted].sort()).toEqual([...vocabulary].sort());
  });

  it("gives team_admin per-entry scopes and user the own scope by default", () => {
    const teamAdmin = rendered("team_admin");
    expect(teamAdmin).toContain("account balance project");
    expect(teamAdmin).toContain("card create team");
    expect(teamAdmin).toContain("transaction set-team project");
    expect(teamAdmin).toContain("transaction set-tax-category team");
    expect(rendered("user")).toEqual(
      expect.arrayContaining(["card read own", "team read team", "tax-category read project"]),
    );
  });

  it("answers no privileges for a role it does not know", () => {
    expect(privilegesFor("no_such_role" as RoleName)).toEqual([]);
    expect(PERMISSION_MATRIX.empty_role).toEqual([]);
  });
});
