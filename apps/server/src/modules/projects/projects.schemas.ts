import { ROLE_NAMES } from "@kort/core";
import { z } from "zod";

/** A project (a company) as it leaves the server (spec section 3, Project). */
export const projectSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  host: z.string().nullable(),
  preferences: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
});

/** The caller's role in a project. Privileges are added with the permissions issue. */
export const roleSchema = z.object({ name: z.enum(ROLE_NAMES), project_id: z.uuid() });

export const currentProjectSchema = projectSchema.extend({ role: roleSchema });

export type ProjectDto = z.output<typeof projectSchema>;
export type RoleDto = z.output<typeof roleSchema>;
export type CurrentProjectDto = z.output<typeof currentProjectSchema>;
