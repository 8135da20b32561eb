import { describe, expect, it } from "vitest";
import { evaluatePolicy, isPossiblyAllowed, policyReach } from "./evaluate.ts";
import { POLICY_ACTIONS, type PolicyActionOf } from "./types.ts";

/**
 * Issue 9, point 9 (docs/decisions.md, "A team admin in a team they only belong to"): Jón administers Sala and
 * is a plain member of Þróun. In Sala he has the team admin's team-scoped rights; in Þróun he has exactly what an
 * employee has there: his own cards and transactions, nothing of anyone else's.
 */

const PROJECT = "p";
const SALA = "sala";
const THROUN = "throun";
const jon = { user_id: "jon", team_ids: [SALA, THROUN], admin_team_ids: [SALA], project_id: PROJECT };

const allowed = <R extends "card" | "transaction">(
  resource: R,
  action: PolicyActionOf<R>,
  object: { team_id: string; user_id: string },
) => evaluatePolicy({ role: "team_admin", resource, action, user: jon, object: { project_id: PROJECT, ...object } });

/** The spec 6 matrix, written out: what a team admin may do in teams they run, and an employee on their own. */
const ADMIN_CARD = [
  "change-cardholder",
  "close",
  "create",
  "lock",
  "manage-limits",
  "patch",
  "read",
  "set-default-category",
  "set-team",
];
const EMPLOYEE_CARD = ["freeze", "in-app-activation", "push-provisioning", "read", "sensitive-details"];
const ADMIN_TRANSACTION = [
  "export",
  "manage-receipts",
  "read",
  "remind",
  "set-category",
  "set-comment",
  "set-tax-category",
];
/** transaction set-team is project-wide for team admins. */
const ADMIN_TRANSACTION_PROJECT = ["set-team"];
const EMPLOYEE_TRANSACTION = [
  "export",
  "manage-receipts",
  "read",
  "remind",
  "set-category",
  "set-comment",
  "set-tax-category",
  "set-team",
];

const cases = [
  { where: "someone else's, in Sala (administered)", object: { team_id: SALA, user_id: "admin" } },
  { where: "someone else's, in Þróun (member only)", object: { team_id: THROUN, user_id: "admin" } },
  { where: "his own, in Þróun (member only)", object: { team_id: THROUN, user_id: "jon" } },
  { where: "his own, in Sala (administered)", object: { team_id: SALA, user_id: "jon" } },
] as const;

const expected = (admin: string[], project: string[], employee: string[], action: string, c: (typeof cases)[number]) =>
  (c.object.team_id === SALA && admin.includes(action)) ||
  project.includes(action) ||
  (c.object.user_id === "jon" && employee.includes(action));

describe("a team admin in a team they only belong to", () => {
  for (const c of cases) {
    for (const action of POLICY_ACTIONS.card) {
      it(`card ${action}: ${c.where}`, () => {
        expect(allowed("card", action, c.object).allowed).toBe(expected(ADMIN_CARD, [], EMPLOYEE_CARD, action, c));
      });
    }
    for (const action of POLICY_ACTIONS.transaction) {
      it(`transaction ${action}: ${c.where}`, () => {
        expect(allowed("transaction", action, c.object).allowed).toBe(
          expected(ADMIN_TRANSACTION, ADMIN_TRANSACTION_PROJECT, EMPLOYEE_TRANSACTION, action, c),
        );
      });
    }
  }

  it("reaches his teams' cards and his own cards in list queries", () => {
    expect(policyReach("team_admin", "card", "read", jon)).toEqual({ project: false, teamIds: [SALA], own: true });
    expect(policyReach("team_admin", "card", "lock", jon)).toEqual({ project: false, teamIds: [SALA], own: false });
    // Categories: a team admin reads his teams' and, as an employee, those of the teams he belongs to.
    expect(policyReach("team_admin", "category", "read", jon).teamIds.sort()).toEqual([SALA, THROUN].sort());
  });

  it("offers the employee's own-card actions to the role, for the app", () => {
    expect(isPossiblyAllowed("team_admin", "card", "freeze")).toBe(true);
    expect(isPossiblyAllowed("team_admin", "card", "generate-transactions")).toBe(false);
  });

  it("without admin_team_ids, treats every team as administered (questions without a user)", () => {
    const { admin_team_ids: _, ...withoutAdmin } = jon;
    const result = evaluatePolicy({
      role: "team_admin",
      resource: "card",
      action: "lock",
      user: withoutAdmin,
      object: { project_id: PROJECT, team_id: THROUN, user_id: "admin" },
    });
    expect(result.allowed).toBe(true);
  });
});
