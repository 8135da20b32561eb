import { isPossiblyAllowed, type PolicyActionOf } from "@kort/core";
import type { Executor } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { authorize, type PolicySubject } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { type LockedTeam, lockLiveTeam } from "./teams.repo.ts";

export type TeamAction = PolicyActionOf<"team">;

/** The policy object of a team, as loaded from the database. */
export const teamSubject = (team: { id: string; projectId: string }): PolicySubject => ({
  project_id: team.projectId,
  team_id: team.id,
});

/**
 * Refuses a role that may never take the action on any team before anything is looked up, so such a caller
 * learns nothing about which team ids exist.
 */
export const assertPossiblyAllowed = (ctx: ProjectContext, action: TeamAction): void => {
  if (isPossiblyAllowed(ctx.membership.role, "team", action)) return;
  throw new AppError("ACCESS_DENIED", "Access denied. Please contact your team admin.", { resource: "team", action });
};

export const teamNotFound = (): AppError => new AppError("NOT_FOUND", "The team was not found.");

/**
 * Loads and locks a live team of the caller's project for a change, then asks the policy with it. Another
 * project's team and a deleted one are NOT_FOUND, whatever X-Project-Id was sent.
 */
export const lockTeamFor = async (
  tx: Executor,
  ctx: ProjectContext,
  teamId: string,
  action: TeamAction,
): Promise<LockedTeam> => {
  assertPossiblyAllowed(ctx, action);
  const team = await lockLiveTeam(tx, ctx.membership.projectId, teamId);
  if (!team) throw teamNotFound();
  authorize(ctx, "team", action, teamSubject(team));
  return team;
};
