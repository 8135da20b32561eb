import type { RoleName } from "../enums.ts";
import { PERMISSION_MATRIX, privilegesFor } from "./matrix.ts";
import type {
  PolicyAction,
  PolicyActionOf,
  PolicyCondition,
  PolicyInput,
  PolicyObject,
  PolicyResource,
  PolicyResult,
  PolicyScope,
  PolicyUser,
  Privilege,
} from "./types.ts";

/** What each scope asks of the object. Team and own scopes never reach across projects. */
export const SCOPE_CONDITIONS: Readonly<Record<PolicyScope, readonly PolicyCondition[]>> = {
  project: ["same_project"],
  team: ["same_project", "same_team"],
  own: ["same_project", "same_user"],
};

/** Least restrictive first: when several privileges match, the broadest one speaks. */
const SCOPE_ORDER: readonly PolicyScope[] = ["project", "team", "own"];

const notAllowed = (): PolicyResult => ({ allowed: false, possibly_allowed: false, needed: [], missing: [] });

const isSet = (value: string | null | undefined): value is string => typeof value === "string" && value !== "";

/**
 * Whether the object meets one condition. No object (or no project_id) means the caller's own
 * project, so project-wide questions need no object; team and user conditions always need one.
 * `teamIds` are the teams the privilege being judged reaches (see teamsReached).
 */
const meets = (
  condition: PolicyCondition,
  user: PolicyUser,
  teamIds: readonly string[],
  object: PolicyObject | null | undefined,
): boolean => {
  switch (condition) {
    case "same_project":
      return (object?.project_id ?? user.project_id) === user.project_id;
    case "same_team":
      return isSet(object?.team_id) && teamIds.includes(object.team_id);
    case "same_user":
      return isSet(object?.user_id) && isSet(user.user_id) && object.user_id === user.user_id;
  }
};

const byBreadth = (a: Privilege, b: Privilege): number => SCOPE_ORDER.indexOf(a.scope) - SCOPE_ORDER.indexOf(b.scope);

/** The role's privileges on (resource, action) or (resource, "manage"), broadest first. */
const matchingPrivileges = (role: RoleName, resource: PolicyResource, action: PolicyAction): Privilege[] => {
  if (!Object.hasOwn(PERMISSION_MATRIX, role)) throw new Error(`Unknown role: ${String(role)}`);
  return PERMISSION_MATRIX[role]
    .filter((p) => p.resource === resource && (p.action === action || p.action === "manage"))
    .sort(byBreadth);
};

/**
 * The roles whose privileges a member of `role` holds, each with the teams its team scope reaches. A team admin
 * is an admin in the teams they administer and an employee (role user) in every team they belong to: in a team
 * where they are only a member they have exactly what an employee has there (issue 9, docs/decisions.md).
 */
export const rolesHeld = (role: RoleName, user: PolicyUser): { role: RoleName; teamIds: readonly string[] }[] =>
  role === "team_admin"
    ? [
        { role, teamIds: user.admin_team_ids ?? user.team_ids },
        { role: "user", teamIds: user.team_ids },
      ]
    : [{ role, teamIds: user.team_ids }];

const judge = (role: RoleName, teamIds: readonly string[], input: PolicyInput): PolicyResult => {
  const judged = matchingPrivileges(role, input.resource, input.action).map((privilege) => {
    const needed = [...SCOPE_CONDITIONS[privilege.scope]];
    return {
      needed,
      missing: needed.filter((condition) => !meets(condition, input.user, teamIds, input.object)),
    };
  });
  // The broadest privilege the object satisfies decides; failing that, the broadest one says what is missing.
  const decisive = judged.find((j) => j.missing.length === 0) ?? judged[0];
  if (!decisive) return notAllowed();
  return { allowed: decisive.missing.length === 0, possibly_allowed: true, ...decisive };
};

const evaluate = (input: PolicyInput): PolicyResult => {
  const results = rolesHeld(input.role, input.user).map((held) => judge(held.role, held.teamIds, input));
  // The first role held that allows it decides; failing that, the first that could, which says what is missing.
  return results.find((r) => r.allowed) ?? results.find((r) => r.possibly_allowed) ?? notAllowed();
};

/**
 * How far the caller's privileges on (resource, action) reach, for list queries: the whole project, the rows
 * of some teams, and/or the caller's own rows. The union over every privilege and every role held, so a team
 * admin's cards list is their teams' cards plus their own cards elsewhere.
 */
export type PolicyReach = { project: boolean; teamIds: string[]; own: boolean };

export const policyReach = <R extends PolicyResource>(
  role: RoleName,
  resource: R,
  action: PolicyActionOf<R>,
  user: PolicyUser,
): PolicyReach => {
  const reach: PolicyReach = { project: false, teamIds: [], own: false };
  if (!Object.hasOwn(PERMISSION_MATRIX, role)) return reach;
  for (const held of rolesHeld(role, user)) {
    for (const privilege of matchingPrivileges(held.role, resource, action)) {
      if (privilege.scope === "project") reach.project = true;
      if (privilege.scope === "own") reach.own = true;
      if (privilege.scope === "team") {
        for (const id of held.teamIds) if (!reach.teamIds.includes(id)) reach.teamIds.push(id);
      }
    }
  }
  return reach;
};

/**
 * The policy engine of spec section 6, the same in the browser and on the server. A privilege on
 * (resource, action) or (resource, "manage") makes the action possibly allowed; it is allowed when
 * the object meets all the conditions of one of them. A failure inside yields not allowed.
 */
export const evaluatePolicy = <R extends PolicyResource>(input: PolicyInput<R>): PolicyResult => {
  try {
    return evaluate(input);
  } catch (error) {
    console.error("Error evaluating policy", error);
    return notAllowed();
  }
};

/** possibly_allowed without a user or object: whether a menu item or a button exists for the role at all. */
export const isPossiblyAllowed = <R extends PolicyResource>(role: RoleName, resource: R, action: PolicyActionOf<R>) =>
  Object.hasOwn(PERMISSION_MATRIX, role) &&
  rolesHeld(role, { user_id: "", team_ids: [], project_id: "" }).some(
    (held) => matchingPrivileges(held.role, resource, action).length > 0,
  );

/** A manage privilege on the resource: every action on it, and the management screens. */
export const canManage = (role: RoleName, resource: PolicyResource): boolean =>
  privilegesFor(role).some((p) => p.resource === resource && p.action === "manage");
