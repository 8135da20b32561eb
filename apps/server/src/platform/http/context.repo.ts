import type { RoleName } from "@kort/core";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { projectMembers, projects, teamMembers, teams, tokens, users } from "../db/schema/index.ts";

export type SessionUser = { id: string; fullName: string; email: string };

/**
 * teamIds: the caller's live teams in the project, loaded with the membership (policy input user.team_ids);
 * adminTeamIds: those of them the caller administers (user.admin_team_ids: a team admin's team scope).
 */
export type Membership = {
  projectId: string;
  role: RoleName;
  teamIds: readonly string[];
  adminTeamIds: readonly string[];
};

/** The user behind a token hash, when the token is approved and not yet expired at `now`. */
export const findSessionUser = async (db: Db, tokenHash: string, now: Date): Promise<SessionUser | null> => {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .where(and(eq(tokens.tokenHash, tokenHash), eq(tokens.status, "approved"), gt(tokens.expiresAt, now)))
    .limit(1);
  return row ?? null;
};

/** The member's live (not deleted) teams in the project, as one array column of the membership row. */
const teamIdsOfMember = sql<string[]>`array(
  select ${teamMembers.teamId}::text from ${teamMembers}
  join ${teams} on ${teams.id} = ${teamMembers.teamId} and ${teams.deletedAt} is null
  where ${teamMembers.projectId} = ${projectMembers.projectId} and ${teamMembers.userId} = ${projectMembers.userId}
  order by ${teamMembers.teamId}
)`;

/** The live teams of the project that the member administers (team_members.is_admin). */
const adminTeamIdsOfMember = sql<string[]>`array(
  select ${teamMembers.teamId}::text from ${teamMembers}
  join ${teams} on ${teams.id} = ${teamMembers.teamId} and ${teams.deletedAt} is null
  where ${teamMembers.projectId} = ${projectMembers.projectId} and ${teamMembers.userId} = ${projectMembers.userId}
    and ${teamMembers.isAdmin}
  order by ${teamMembers.teamId}
)`;

/**
 * The user's role in an enabled project, with their team ids there (the policy input), or null:
 * not a member, no such project, or the project is disabled. One round trip per request.
 */
export const findMembership = async (db: Db, userId: string, projectId: string): Promise<Membership | null> => {
  const [row] = await db
    .select({
      projectId: projectMembers.projectId,
      role: projectMembers.role,
      teamIds: teamIdsOfMember,
      adminTeamIds: adminTeamIdsOfMember,
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.userId, userId), eq(projectMembers.projectId, projectId), eq(projects.enabled, true)))
    .limit(1);
  return row ?? null;
};
