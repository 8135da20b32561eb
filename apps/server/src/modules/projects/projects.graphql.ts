import { ROLE_NAMES } from "@kort/core";
import { builder } from "../../platform/graphql/builder.ts";
import { requireProject, requireUser } from "../../platform/http/context.ts";
import type { ProjectDto, RoleDto } from "./projects.schemas.ts";
import { getRoleInProject, listMyProjects } from "./projects.service.ts";

const RoleName = builder.enumType("RoleName", { values: ROLE_NAMES });

const Project = builder.objectRef<ProjectDto>("Project").implement({
  description: "A company using Kort.",
  fields: (t) => ({
    id: t.exposeID("id"),
    title: t.exposeString("title"),
    host: t.exposeString("host", { nullable: true }),
    preferences: t.expose("preferences", { type: "JSON" }),
    enabled: t.exposeBoolean("enabled"),
  }),
});

const Role = builder.objectRef<RoleDto>("Role").implement({
  description: "The caller's role in a project. Privileges come with the permission matrix.",
  fields: (t) => ({
    name: t.expose("name", { type: RoleName }),
    project_id: t.exposeID("project_id"),
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
