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
 */
const meets = (condition: PolicyCondition, user: PolicyUser, object: PolicyObject | null | undefined): boolean => {
  switch (condition) {
    case "same_project":
      return (object?.project_id ?? user.project_id) === user.project_id;
    case "same_team":
      return isSet(object?.team_id) && user.team_ids.includes(object.team_id);
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

const evaluate = (input: PolicyInput): PolicyResult => {
  const matching = matchingPrivileges(input.role, input.resource, input.action);
  const judged = matching.map((privilege) => {
    const needed = [...SCOPE_CONDITIONS[privilege.scope]];
    return { needed, missing: needed.filter((condition) => !meets(condition, input.user, input.object)) };
  });
  // The broadest privilege the object satisfies decides; failing that, the broadest one says what is missing.
  const decisive = judged.find((j) => j.missing.length === 0) ?? judged[0];
  if (!decisive) return notAllowed();
  return { allowed: decisive.missing.length === 0, possibly_allowed: true, ...decisive };
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
  Object.hasOwn(PERMISSION_MATRIX, role) && matchingPrivileges(role, resource, action).length > 0;

/** A manage privilege on the resource: every action on it, and the management screens. */
export const canManage = (role: RoleName, resource: PolicyResource): boolean =>
  privilegesFor(role).some((p) => p.resource === resource && p.action === "manage");
