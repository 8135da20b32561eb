import { assignableRoles, isUuid, MEMBER_ROLES, privilegesFor, type RoleName } from "@kort/core";
import type { Db } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import type { ProjectContext, UserContext } from "../../platform/http/context.ts";
import { findProjectOfUser, listProjectsOfUser, type ProjectRecord } from "./projects.repo.ts";
import type { AvailableRolesDto, CurrentProjectDto, PrivilegeDto, ProjectDto, RoleDto } from "./projects.schemas.ts";

const toProjectDto = (project: ProjectRecord): ProjectDto => ({
  id: project.id,
  title: project.title,
  host: project.host,
  preferences: project.preferences,
  enabled: project.enabled,
  approval_status: project.approvalStatus,
});

const privilegeDtos = (role: RoleName): PrivilegeDto[] =>
  privilegesFor(role).map((p) => ({ access: p.action, resource: p.resource, scope: p.scope }));

const toRoleDto = (project: ProjectRecord): RoleDto => ({
  name: project.role,
  project_id: project.id,
  privileges: privilegeDtos(project.role),
});

export const listMyProjects = async (db: Db, ctx: UserContext): Promise<ProjectDto[]> =>
  (await listProjectsOfUser(db, ctx.user.id)).map(toProjectDto);

/** The X-Project-Id project with the caller's role (membership was already checked by requireProject). */
export const getCurrentProject = async (db: Db, ctx: ProjectContext): Promise<CurrentProjectDto> => {
  const project = await findProjectOfUser(db, ctx.user.id, ctx.membership.projectId);
  if (!project) throw new AppError("PROJECT_NOT_FOUND", "The project was not found.");
  return { ...toProjectDto(project), role: toRoleDto(project) };
};

/**
 * The caller's role in a project they name. Not a member and no such project give the same
 * PROJECT_NOT_FOUND, so the answer says nothing about other companies.
 */
export const getRoleInProject = async (db: Db, ctx: UserContext, projectId: string): Promise<RoleDto> => {
  const project = isUuid(projectId) ? await findProjectOfUser(db, ctx.user.id, projectId) : null;
  if (!project?.enabled) throw new AppError("PROJECT_NOT_FOUND", "The project was not found.");
  return toRoleDto(project);
};

/**
 * The roles a project member can hold (user_roles) and those the caller may give (get_available_roles):
 * all four for a role the matrix lets manage roles (user manage-role), none for the others.
 */
export const getAvailableRoles = (ctx: ProjectContext): AvailableRolesDto => ({
  user_roles: MEMBER_ROLES.map((name) => ({ name })),
  get_available_roles: assignableRoles(ctx.membership.role).map((name) => ({ name })),
});
