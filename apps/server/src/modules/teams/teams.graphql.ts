import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import type { LimitControlDto, TeamCategoryDto, TeamDto, TeamPersonDto } from "./teams.schemas.ts";
import { getTeamFor, listMembersOf, listTeamsFor } from "./teams.service.ts";

const TeamCategory = builder.objectRef<TeamCategoryDto>("TeamCategory").implement({
  description: "A category as a team shows it: its own category, or one its members may use.",
  fields: (t) => ({ id: t.exposeID("id"), code: t.exposeString("code"), title: t.exposeString("title") }),
});

const TeamMember = builder.objectRef<TeamPersonDto>("TeamMember").implement({
  fields: (t) => ({
    user_id: t.exposeID("user_id"),
    full_name: t.exposeString("full_name"),
    email: t.exposeString("email"),
    is_admin: t.exposeBoolean("is_admin"),
  }),
});

const TeamLimitControl = builder.objectRef<LimitControlDto>("TeamLimitControl").implement({
  description: "The most the team's cards may spend together per month, week and day, in ISK; null is no limit.",
  fields: (t) => ({
    max_monthly: t.exposeInt("max_monthly", { nullable: true }),
    max_weekly: t.exposeInt("max_weekly", { nullable: true }),
    max_daily: t.exposeInt("max_daily", { nullable: true }),
  }),
});

export const Team = builder.objectRef<TeamDto>("Team").implement({
  description: "A team (spec section 3): account code, its own category, members, budget and limit control.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    account_code: t.exposeString("account_code", { description: "The department in accounting exports." }),
    account_code_name: t.exposeString("account_code_name", { nullable: true }),
    category_id: t.exposeID("category_id", { nullable: true }),
    category: t.expose("category", { type: TeamCategory, nullable: true }),
    member_count: t.exposeInt("member_count"),
    monthly_budget: t.exposeInt("monthly_budget", {
      nullable: true,
      description: "ISK per billing period (27th to 26th); null means no budget.",
    }),
    used_monthly_budget: t.exposeInt("used_monthly_budget", {
      description: "Settled transactions plus pending authorizations of the team in the current billing period, ISK.",
    }),
    limit_control: t.expose("limit_control", { type: TeamLimitControl }),
    all_categories_visible: t.exposeBoolean("all_categories_visible"),
    visible_categories: t.expose("visible_categories", {
      type: [TeamCategory],
      description: "The chosen categories when all_categories_visible is false; empty otherwise.",
    }),
    admins: t.expose("admins", { type: [TeamMember] }),
    members: t.field({
      type: [TeamMember],
      resolve: (team, _args, { deps, kort }) => listMembersOf(deps.db, kort, team),
    }),
    created_at: t.expose("created_at", { type: "DateTime" }),
  }),
});

builder.queryField("teams", (t) =>
  t.field({
    type: [Team],
    description: "The live teams of the X-Project-Id project the caller may read (team read).",
    args: {
      mine: t.arg.boolean({ required: false, description: "Only the teams the caller is a member of." }),
    },
    resolve: (_root, args, { kort, deps }) => listTeamsFor(deps, requireProject(kort), args),
  }),
);

builder.queryField("team", (t) =>
  t.field({
    type: Team,
    description: "One live team of the X-Project-Id project; NOT_FOUND for another project's or a deleted team.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => getTeamFor(deps, requireProject(kort), args.id),
  }),
);
