export {
  canManage,
  evaluatePolicy,
  isPossiblyAllowed,
  type PolicyReach,
  policyReach,
  rolesHeld,
  SCOPE_CONDITIONS,
} from "./evaluate.ts";
export { PERMISSION_MATRIX, privilegesFor } from "./matrix.ts";
export { assignableRoles, isMemberRole, MEMBER_ROLES, type MemberRole } from "./roles.ts";
export * from "./types.ts";
