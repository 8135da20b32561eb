import { APPROVAL_STATUSES, POLICY_SCOPES, ROLE_NAMES } from "@kort/core";
import { builder } from "../../platform/graphql/builder.ts";
import { requireProject, requireUser } from "../../platform/http/context.ts";
import type { AvailableRolesDto, PrivilegeDto, ProjectDto, RoleDto } from "./projects.schemas.ts";
import { getAvailableRoles, getRoleInProject, listMyProjects } from "./projects.service.ts";

export const RoleNameEnum = builder.enumType("RoleName", { values: ROLE_NAMES });

const PrivilegeScope = builder.enumType("PrivilegeScope", {
  description: "project: any object of the project; team: of the caller's teams; own: the caller's own.",
  values: POLICY_SCOPES,
});

const Privilege = builder.objectRef<PrivilegeDto>("Privilege").implement({
  description: "One entry of the permission matrix (spec section 6).",
  fields: (t) => ({
    access: t.exposeString("access", { description: "The action, e.g. create; manage grants every action." }),
    resource: t.exposeString("resource"),
    scope: t.expose("scope", { type: PrivilegeScope }),
  }),
});

const NamedRole = builder.objectRef<{ name: RoleDto["name"] }>("NamedRole").implement({
  fields: (t) => ({ name: t.expose("name", { type: RoleNameEnum }) }),
});

const AvailableRoles = builder.objectRef<AvailableRolesDto>("AvailableRoles").implement({
  description: "The roles a member can hold, and those the caller may assign to others.",
  fields: (t) => ({
    user_roles: t.expose("user_roles", { type: [NamedRole] }),
    get_available_roles: t.expose("get_available_roles", { type: [NamedRole] }),
  }),
});

export const ApprovalStatus = builder.enumType("ApprovalStatus", {
  description: "pending: waiting for the platform's approval (no credit, no cards); approved; rejected (disabled).",
  values: APPROVAL_STATUSES,
});

const Project = builder.objectRef<ProjectDto>("Project").implement({
  description: "A company using Kort.",
  fields: (t) => ({
    id: t.exposeID("id"),
    title: t.exposeString("title"),
    host: t.exposeString("host", { nullable: true }),
    preferences: t.expose("preferences", { type: "JSON" }),
    enabled: t.exposeBoolean("enabled"),
    approval_status: t.expose("approval_status", { type: ApprovalStatus }),
  }),
});

const Role = builder.objectRef<RoleDto>("Role").implement({
  description: "The caller's role in a project, with its privileges from the permission matrix.",
  fields: (t) => ({
    name: t.expose("name", { type: RoleNameEnum }),
    project_id: t.exposeID("project_id"),
    privileges: t.expose("privileges", { type: [Privilege] }),
  }),
});

builder.queryField("projects", (t) =>
  t.field({
    type: [Project],
    description: "The projects the caller belongs to, disabled ones included.",
    resolve: (_root, _args, { kort, deps }) => listMyProjects(deps.db, requireUser(kort)),
  }),
);

builder.queryField("current_role", (t) =>
  t.field({
    type: Role,
    nullable: true,
    description: "The caller's role in project_id, or in the X-Project-Id project when project_id is omitted.",
    args: { project_id: t.arg.id({ required: false }) },
    resolve: (_root, args, { kort, deps }) => {
      if (args.project_id) return getRoleInProject(deps.db, requireUser(kort), args.project_id);
      const ctx = requireProject(kort);
      return getRoleInProject(deps.db, ctx, ctx.membership.projectId);
    },
  }),
);

builder.queryField("available_roles", (t) =>
  t.field({
    type: AvailableRoles,
    description:
      "The roles of the X-Project-Id project, and those the caller may assign (empty unless they manage roles).",
    resolve: (_root, _args, { kort }) => getAvailableRoles(requireProject(kort)),
  }),
);
