import type { RoleName } from "../enums.ts";
import { isPossiblyAllowed } from "./evaluate.ts";

/**
 * The roles a project member can hold, in the order of their spec ids (1 project owner, 2 user,
 * 3 team admin, 5 accountant). platform_owner and empty_role exist in the matrix only.
 */
export const MEMBER_ROLES = [
  "project_owner",
  "user",
  "team_admin",
  "accountant",
] as const satisfies readonly RoleName[];
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const isMemberRole = (role: string): role is MemberRole => (MEMBER_ROLES as readonly string[]).includes(role);

/**
 * The roles a caller may give others (get_available_roles): every member role for a role that may
 * manage roles (user manage-role in the matrix, i.e. project_owner), none for the rest.
 */
export const assignableRoles = (role: RoleName): MemberRole[] =>
  isPossiblyAllowed(role, "user", "manage-role") ? [...MEMBER_ROLES] : [];
