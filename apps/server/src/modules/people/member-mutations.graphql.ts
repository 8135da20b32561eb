import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import { setMemberLimitControl, setMemberRole, unlockMember } from "./member-changes.service.ts";
import { removeMemberFromProject } from "./member-removal.service.ts";
import { ProjectUser } from "./members.graphql.ts";
import type { UserRemovalDto } from "./members.schemas.ts";
import { getProjectUserFor } from "./members.service.ts";

/**
 * Spec 7, the people mutations. Each resolver is thin: the service parses the input, locks the member of the
 * caller's project, asks the policy with them, changes them in one transaction with an audit row; the member
 * is answered as they are now.
 */
builder.mutationField("set_role", (t) =>
  t.field({
    type: ProjectUser,
    description: "user manage-role, to a role the caller may assign; the last administrator keeps the role.",
    args: {
      user_id: t.arg.id({ required: true }),
      role_name: t.arg.string({ required: true, description: "project_owner, team_admin, accountant or user." }),
    },
    resolve: async (_root, args, { kort, deps }) => {
      const ctx = requireProject(kort);
      return getProjectUserFor(deps, ctx, await setMemberRole(deps, ctx, args));
    },
  }),
);

builder.mutationField("set_user_limit_control", (t) =>
  t.field({
    type: ProjectUser,
    args: {
      user_id: t.arg.id({ required: true }),
      max_monthly_limit: t.arg.int({ required: false, description: "ISK; null or absent for no limit." }),
      allow_issuing_cards_to_self: t.arg.boolean({ required: true }),
    },
    resolve: async (_root, args, { kort, deps }) => {
      const ctx = requireProject(kort);
      return getProjectUserFor(deps, ctx, await setMemberLimitControl(deps, ctx, args));
    },
  }),
);

builder.mutationField("unlock_user", (t) =>
  t.field({
    type: ProjectUser,
    description: "user reapprove: lifts the member's sign-in lock, temporary or permanent.",
    args: { user_id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { kort, deps }) => {
      const ctx = requireProject(kort);
      return getProjectUserFor(deps, ctx, await unlockMember(deps, ctx, args));
    },
  }),
);

const UserRemoval = builder.objectRef<UserRemovalDto>("UserRemoval").implement({
  description: "What removing a member did to their cards.",
  fields: (t) => ({
    user_id: t.exposeID("user_id"),
    closed_cards: t.exposeInt("closed_cards", { description: "Employee-expense cards closed." }),
    reassigned_cards: t.exposeInt("reassigned_cards", {
      description: "Business-expense cards now held by the caller.",
    }),
  }),
});

builder.mutationField("remove_user_from_project", (t) =>
  t.field({
    type: UserRemoval,
    description:
      "Removes the member from the project and its teams, closes their employee cards and gives their business cards to the caller.",
    args: { user_id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => removeMemberFromProject(deps, requireProject(kort), args),
  }),
);
