import { APPROVAL_STATUSES, POLICY_SCOPES, ROLE_NAMES } from "@kort/core";
import { z } from "zod";

/** A project (a company) as it leaves the server (spec section 3, Project). */
export const projectSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  host: z.string().nullable(),
  preferences: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
  /** The platform's decision (issue 9): pending companies cannot issue cards; rejected ones are disabled. */
  approval_status: z.enum(APPROVAL_STATUSES),
});

/** One entry of the permission matrix: the action (`access`) on a resource, and its scope. */
export const privilegeSchema = z.object({ access: z.string(), resource: z.string(), scope: z.enum(POLICY_SCOPES) });

/** The caller's role in a project (spec section 3, Role), with its privileges from the matrix. */
export const roleSchema = z.object({
  name: z.enum(ROLE_NAMES),
  project_id: z.uuid(),
  privileges: z.array(privilegeSchema),
});

/** Spec section 3, available roles: the roles a member can hold, and those the caller may assign. */
export const availableRolesSchema = z.object({
  user_roles: z.array(z.object({ name: z.enum(ROLE_NAMES) })),
  get_available_roles: z.array(z.object({ name: z.enum(ROLE_NAMES) })),
});

export const currentProjectSchema = projectSchema.extend({ role: roleSchema });

export type ProjectDto = z.output<typeof projectSchema>;
export type RoleDto = z.output<typeof roleSchema>;
export type PrivilegeDto = z.output<typeof privilegeSchema>;
export type AvailableRolesDto = z.output<typeof availableRolesSchema>;
export type CurrentProjectDto = z.output<typeof currentProjectSchema>;
