import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import {
  createTeam,
  deleteTeam,
  patchTeam,
  setTeamBudget,
  setTeamLimitControl,
  setTeamVisibleCategories,
} from "./team-changes.service.ts";
import { addTeamUser, removeTeamUser } from "./team-members.service.ts";
import { Team } from "./teams.graphql.ts";
import { getTeamFor } from "./teams.service.ts";

/**
 * Spec 7, team mutations. Each resolver is thin: the service parses the input, loads the team of the caller's
 * project, asks the policy with it, changes it in one transaction with an audit row; the team is returned as
 * it is now. Required texts are nullable here so that a missing one is a VALIDATION_FAILED like an empty one.
 */
builder.mutationField("create_team", (t) =>
  t.field({
    type: Team,
    description: "Creates the team's category (group Team), the team, then adds its members, in one transaction.",
    args: {
      name: t.arg.string({ required: false, description: "Required." }),
      account_code: t.arg.string({ required: false, description: "Required." }),
      account_code_name: t.arg.string({ required: false }),
      member_ids: t.arg.idList({ required: false }),
      monthly_budget: t.arg.int({ required: false, description: "ISK per billing period; null for none." }),
    },
    resolve: async (_root, args, { kort, deps }) => {
      const ctx = requireProject(kort);
      return getTeamFor(deps, ctx, await createTeam(deps, ctx, args));
    },
  }),
);

builder.mutationField("set_team_budget", (t) =>
  t.field({
    type: Team,
    args: {
      team_id: t.arg.id({ required: true }),
      budget: t.arg.int({ required: false, description: "ISK per billing period; null for no budget." }),
    },
    resolve: async (_root, args, { kort, deps }) => {
      const ctx = requireProject(kort);
      return getTeamFor(deps, ctx, await setTeamBudget(deps, ctx, args));
    },
  }),
);

builder.mutationField("set_team_limit_control", (t) =>
  t.field({
    type: Team,
    args: {
      team_id: t.arg.id({ required: true }),
      max_monthly: t.arg.int({ required: false }),
      max_weekly: t.arg.int({ required: false }),
      max_daily: t.arg.int({ required: false }),
    },
    resolve: async (_root, args, { kort, deps }) => {
      const ctx = requireProject(kort);
      return getTeamFor(deps, ctx, await setTeamLimitControl(deps, ctx, args));
    },
  }),
);

builder.mutationField("set_team_visible_categories", (t) =>
  t.field({
    type: Team,
    args: {
      team_id: t.arg.id({ required: true }),
      all_categories_visible: t.arg.boolean({ required: true }),
      category_ids: t.arg.idList({ required: false }),
    },
    resolve: async (_root, args, { kort, deps }) => {
      const ctx = requireProject(kort);
      return getTeamFor(deps, ctx, await setTeamVisibleCategories(deps, ctx, args));
    },
  }),
);

builder.mutationField("patch_team", (t) =>
  t.field({
    type: Team,
    description: "Renames the team or changes its account code; its category follows.",
    args: {
      id: t.arg.id({ required: true }),
      name: t.arg.string({ required: false }),
      account_code: t.arg.string({ required: false }),
      account_code_name: t.arg.string({ required: false, description: "null or empty clears it." }),
    },
    resolve: async (_root, args, { kort, deps }) => {
      const ctx = requireProject(kort);
      return getTeamFor(deps, ctx, await patchTeam(deps, ctx, args));
    },
  }),
);

builder.mutationField("delete_team", (t) =>
  t.field({
    type: "Boolean",
    description: "Marks the team deleted, removes its members and archives its category.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => deleteTeam(deps, requireProject(kort), args),
  }),
);

builder.mutationField("add_team_user", (t) =>
  t.field({
    type: Team,
    args: {
      team_id: t.arg.id({ required: true }),
      user_id: t.arg.id({ required: true }),
      is_admin: t.arg.boolean({ required: false }),
    },
    resolve: async (_root, args, { kort, deps }) => {
      const ctx = requireProject(kort);
      return getTeamFor(deps, ctx, await addTeamUser(deps, ctx, args));
    },
  }),
);

builder.mutationField("remove_team_user", (t) =>
  t.field({
    type: Team,
    args: { team_id: t.arg.id({ required: true }), user_id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { kort, deps }) => {
      const ctx = requireProject(kort);
      return getTeamFor(deps, ctx, await removeTeamUser(deps, ctx, args));
    },
  }),
);
