import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ROLE_NAMES } from "../enums.ts";
import { evaluatePolicy, isPossiblyAllowed, rolesHeld, SCOPE_CONDITIONS } from "./evaluate.ts";
import { privilegesFor } from "./matrix.ts";
import { POLICY_ACTIONS, POLICY_RESOURCES, type PolicyInput } from "./types.ts";

const ids = (prefix: string) => fc.constantFrom(`${prefix}-a`, `${prefix}-b`, `${prefix}-c`);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const question = fc
  .record({
    role: fc.constantFrom(...ROLE_NAMES),
    resource: fc.constantFrom(...POLICY_RESOURCES),
    actionIndex: fc.nat(),
    user: fc.record({ user_id: ids("user"), team_ids: fc.uniqueArray(ids("team")), project_id: ids("project") }),
    object: maybe(
      fc.record(
        { user_id: maybe(ids("user")), team_id: fc.option(ids("team")), project_id: maybe(ids("project")) },
        { requiredKeys: [] },
      ),
    ),
  })
  .map(({ role, resource, actionIndex, user, object }): PolicyInput => {
    const actions = [...POLICY_ACTIONS[resource], "manage" as const];
    const action = actions[actionIndex % actions.length] ?? "manage";
    return { role, resource, action, user, object };
  });

describe("evaluatePolicy, for any question", () => {
  it("keeps its result consistent", () => {
    fc.assert(
      fc.property(question, (input) => {
        const result = evaluatePolicy(input);
        if (result.allowed) expect(result.possibly_allowed).toBe(true);
        expect(result.missing.every((condition) => result.needed.includes(condition))).toBe(true);
        expect(result.possibly_allowed).toBe(isPossiblyAllowed(input.role, input.resource, input.action));
        if (result.possibly_allowed) {
          // With one privilege deciding, allowed is exactly "nothing is missing".
          expect(result.allowed).toBe(result.missing.length === 0);
          expect(Object.values(SCOPE_CONDITIONS)).toContainEqual(result.needed);
        } else {
          expect(result).toEqual({ allowed: false, possibly_allowed: false, needed: [], missing: [] });
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("allows what is possibly allowed on an object that meets every condition", () => {
    fc.assert(
      fc.property(question, (input) => {
        const { user } = input;
        const object = { user_id: user.user_id, team_id: user.team_ids[0] ?? "team-a", project_id: user.project_id };
        const ownTeams = { ...user, team_ids: [...user.team_ids, object.team_id] };
        const result = evaluatePolicy({ ...input, user: ownTeams, object });
        expect(result.allowed).toBe(result.possibly_allowed);
      }),
    );
  });

  it("never allows anything on another project's object", () => {
    fc.assert(
      fc.property(question, (input) => {
        const object = { ...input.object, project_id: `${input.user.project_id}-elsewhere` };
        const result = evaluatePolicy({ ...input, object });
        expect(result.allowed).toBe(false);
        if (result.possibly_allowed) expect(result.missing).toContain("same_project");
      }),
    );
  });

  it("possibly allows exactly what the privileges of the roles held name, directly or through manage", () => {
    fc.assert(
      fc.property(question, (input) => {
        // A team admin also holds the employee's privileges, for the teams they only belong to.
        const named = rolesHeld(input.role, input.user).some((held) =>
          privilegesFor(held.role).some(
            (p) => p.resource === input.resource && (p.action === input.action || p.action === "manage"),
          ),
        );
        expect(evaluatePolicy(input).possibly_allowed).toBe(named);
      }),
    );
  });
});
