import type { Executor } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { projectRoleOf } from "../projects/memberships.service.ts";
import { assertPossiblyAllowed } from "./team-access.ts";
import { changeTeam } from "./team-change.ts";
import { deleteTeamMember, findTeamMember, insertProjectMembersInTeam, upsertTeamMember } from "./team-members.repo.ts";
import { type TeamUserInput, teamUserSchema } from "./teams.schemas.ts";
import type { TeamDeps } from "./teams.service.ts";

const notInProject = (userId: string | undefined) =>
  new AppError("USER_NOT_IN_PROJECT", "The user is not a member of this company.", { user_id: userId });

/**
 * The members chosen when a team is made, put in it in one statement (a team admin by role becomes an admin of
 * it, as `addMember` does); an id of no member of the company refuses them all with USER_NOT_IN_PROJECT.
 */
export const addMembersToNewTeam = async (
  tx: Executor,
  input: { projectId: string; teamId: string; userIds: readonly string[]; now: Date },
): Promise<void> => {
  if (input.userIds.length === 0) return;
  const added = new Set(await insertProjectMembersInTeam(tx, input));
  if (added.size < input.userIds.length) throw notInProject(input.userIds.find((id) => !added.has(id)));
};

/**
 * Puts a member of the project in a team. Without an explicit flag, a new member whose project role is
 * team_admin becomes an admin of the team (as an invited team admin does); an existing member keeps theirs.
 */
export const addMember = async (
  tx: Executor,
  member: { projectId: string; teamId: string; userId: string; isAdmin: boolean | undefined; now: Date },
): Promise<{ isAdmin: boolean; added: boolean }> => {
  const role = await projectRoleOf(tx, member.projectId, member.userId);
  if (role === null) throw notInProject(member.userId);
  const existing = await findTeamMember(tx, member.projectId, member.teamId, member.userId);
  const isAdmin = member.isAdmin ?? existing?.isAdmin ?? role === "team_admin";
  await upsertTeamMember(tx, { ...member, isAdmin });
  return { isAdmin, added: existing === null };
};

/** Spec 7, add user (team_id, user_id): the user must be a member of the project. */
export const addTeamUser = async (deps: TeamDeps, ctx: ProjectContext, input: TeamUserInput): Promise<string> => {
  assertPossiblyAllowed(ctx, "manage");
  const args = teamUserSchema.parse(input);
  await changeTeam(deps, ctx, args.team_id, "manage", async (tx, team, now) => {
    const result = await addMember(tx, {
      projectId: team.projectId,
      teamId: team.id,
      userId: args.user_id,
      isAdmin: args.is_admin,
      now,
    });
    return {
      auditAction: "team.add_user",
      data: { user_id: args.user_id, is_admin: result.isAdmin, added: result.added },
    };
  });
  return args.team_id;
};

/** Spec 7, remove user: NOT_FOUND when the user is not in the team. */
export const removeTeamUser = async (deps: TeamDeps, ctx: ProjectContext, input: TeamUserInput): Promise<string> => {
  assertPossiblyAllowed(ctx, "manage");
  const args = teamUserSchema.parse(input);
  await changeTeam(deps, ctx, args.team_id, "manage", async (tx, team) => {
    const removed = await deleteTeamMember(tx, team.projectId, team.id, args.user_id);
    if (!removed) throw new AppError("NOT_FOUND", "The user is not a member of this team.", { user_id: args.user_id });
    return { auditAction: "team.remove_user", data: { user_id: args.user_id } };
  });
  return args.team_id;
};
