import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import { UserTeam } from "../people/members.graphql.ts";
import { RoleNameEnum } from "../projects/projects.graphql.ts";
import type { PendingInviteDto } from "./project-invites.schemas.ts";
import { listPendingProjectInvites, revokeProjectInvite, sendProjectInvite } from "./project-invites.service.ts";

const ProjectInvite = builder.objectRef<PendingInviteDto>("ProjectInvite").implement({
  description: "An open invitation to the project (spec 3, Invite).",
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    role: t.expose("role", { type: RoleNameEnum }),
    team: t.expose("team", { type: UserTeam, nullable: true }),
    created_at: t.expose("created_at", { type: "DateTime" }),
    expires_at: t.expose("expires_at", { type: "DateTime" }),
  }),
});

builder.queryField("pending_project_invites", (t) =>
  t.field({
    type: [ProjectInvite],
    description: "Open invitations the caller may see (user read), newest first; expired ones are left out.",
    resolve: (_root, _args, { kort, deps }) => listPendingProjectInvites(deps, requireProject(kort)),
  }),
);

const InviteLimitControlInput = builder.inputType("InviteLimitControlInput", {
  fields: (t) => ({
    max_monthly_limit: t.int({ required: false, description: "ISK; null for no limit." }),
    allow_issuing_cards_to_self: t.boolean({ required: false, description: "Defaults to true." }),
  }),
});

const InviteSettingsInput = builder.inputType("InviteSettingsInput", {
  fields: (t) => ({ limit_control: t.field({ type: InviteLimitControlInput, required: false }) }),
});

builder.mutationField("send_project_invite", (t) =>
  t.field({
    type: "ID",
    description: "user invite: invites an e-mail with a role (and a team; required for team_admin). Answers its id.",
    args: {
      email: t.arg.string({ required: true }),
      role_name: t.arg.string({ required: true, description: "project_owner, team_admin, accountant or user." }),
      team_id: t.arg.id({ required: false }),
      settings: t.arg({ type: InviteSettingsInput, required: false }),
    },
    resolve: (_root, args, { kort, deps }) => sendProjectInvite(deps, requireProject(kort), args),
  }),
);

builder.mutationField("revoke_invite", (t) =>
  t.field({
    type: "Boolean",
    description: "user invite: revokes an open invitation; its link stops working.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => revokeProjectInvite(deps, requireProject(kort), args),
  }),
);
