import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import { RoleNameEnum } from "../projects/projects.graphql.ts";
import type { LimitControlDto, ProjectUserDto, UserListDto } from "./members.schemas.ts";
import { countProjectUsers, listProjectUsers } from "./members.service.ts";

export const UserTeam = builder.objectRef<ProjectUserDto["teams"][number]>("UserTeam").implement({
  fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name") }),
});

const UserLimitControl = builder.objectRef<LimitControlDto>("UserLimitControl").implement({
  description: "Spec 3, User.limit_control: bounds the cards this member may issue.",
  fields: (t) => ({
    max_monthly_limit: t.exposeInt("max_monthly_limit", {
      nullable: true,
      description: "The highest monthly card limit in ISK; null for no limit.",
    }),
    allow_issuing_cards_to_self: t.exposeBoolean("allow_issuing_cards_to_self"),
  }),
});

export const ProjectUser = builder.objectRef<ProjectUserDto>("ProjectUser").implement({
  description: "A member of the project: the user, their role, teams and limit control in it.",
  fields: (t) => ({
    id: t.exposeID("id"),
    user_id: t.exposeID("user_id"),
    full_name: t.exposeString("full_name"),
    email: t.exposeString("email"),
    role: t.expose("role", { type: RoleNameEnum, description: "project_owner, team_admin, accountant or user." }),
    teams: t.expose("teams", { type: [UserTeam] }),
    limit_control: t.expose("limit_control", { type: UserLimitControl }),
    locked: t.exposeBoolean("locked", { description: "Locked out of sign-in; unlock_user lifts it." }),
  }),
});

const UserList = builder.objectRef<UserListDto>("UserList").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [ProjectUser] }),
    total_count: t.exposeInt("total_count", { description: "How many members match, on every page." }),
    count: t.int({
      deprecationReason: "Use total_count.",
      resolve: (list) => list.total_count,
    }),
  }),
});

builder.queryField("users", (t) =>
  t.field({
    type: UserList,
    description:
      "The members of the X-Project-Id project the caller may read (user read): all, their teams', or themselves.",
    args: {
      search: t.arg.string({ required: false, description: "In full name and e-mail." }),
      page: t.arg.int({ required: false, description: "From 1." }),
      limit: t.arg.int({ required: false, description: "At most 200, the default." }),
      roles: t.arg({ type: [RoleNameEnum], required: false, description: "Only members with one of these roles." }),
      team_ids: t.arg.idList({ required: false, description: "Only members of one of these teams." }),
    },
    resolve: (_root, args, { kort, deps }) => listProjectUsers(deps, requireProject(kort), args),
  }),
);

builder.queryField("user_count", (t) =>
  t.int({
    description: "How many members of the X-Project-Id project the caller may read.",
    resolve: (_root, _args, { kort, deps }) => countProjectUsers(deps.db, requireProject(kort)),
  }),
);
