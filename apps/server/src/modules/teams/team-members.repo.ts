import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { icelandic } from "../../platform/db/collation.ts";
import { teamMembers, users } from "../../platform/db/schema/index.ts";

export type TeamMemberRecord = { teamId: string; userId: string; fullName: string; email: string; isAdmin: boolean };

const memberColumns = {
  teamId: teamMembers.teamId,
  userId: teamMembers.userId,
  fullName: users.fullName,
  email: users.email,
  isAdmin: teamMembers.isAdmin,
};

/** The members of these teams of the project, by name (a team's admins come with the team, teams.repo.ts). */
export const listTeamMembers = (
  db: Executor,
  projectId: string,
  teamIds: readonly string[],
): Promise<TeamMemberRecord[]> =>
  teamIds.length === 0
    ? Promise.resolve([])
    : db
        .select(memberColumns)
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(and(eq(teamMembers.projectId, projectId), inArray(teamMembers.teamId, [...teamIds])))
        .orderBy(icelandic(users.fullName), asc(users.email));

export const findTeamMember = async (
  db: Executor,
  projectId: string,
  teamId: string,
  userId: string,
): Promise<{ isAdmin: boolean } | null> => {
  const [row] = await db
    .select({ isAdmin: teamMembers.isAdmin })
    .from(teamMembers)
    .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row ?? null;
};

/** Adds a member, or sets an existing member's admin flag when one is given. */
export const upsertTeamMember = async (
  tx: Executor,
  values: { projectId: string; teamId: string; userId: string; isAdmin: boolean | undefined; now: Date },
): Promise<void> => {
  const insert = tx.insert(teamMembers).values({
    projectId: values.projectId,
    teamId: values.teamId,
    userId: values.userId,
    isAdmin: values.isAdmin ?? false,
    createdAt: values.now,
  });
  if (values.isAdmin === undefined) await insert.onConflictDoNothing();
  else
    await insert.onConflictDoUpdate({
      target: [teamMembers.projectId, teamMembers.teamId, teamMembers.userId],
      set: { isAdmin: values.isAdmin },
    });
};

/**
 * Puts these members of the project in a new team, in one statement: each an admin of it when their project role
 * is team_admin. Answers who was put in; an id of no member of the project is left out.
 */
export const insertProjectMembersInTeam = async (
  tx: Executor,
  values: { projectId: string; teamId: string; userIds: readonly string[]; now: Date },
): Promise<string[]> => {
  const result = await tx.execute<{ user_id: string }>(sql`
    insert into team_members (project_id, team_id, user_id, is_admin, created_at)
    select pm.project_id, ${values.teamId}, pm.user_id, pm.role = 'team_admin', ${values.now}
      from project_members pm
     where pm.project_id = ${values.projectId} and pm.user_id = any(${sql.param([...values.userIds])}::uuid[])
    on conflict do nothing
    returning user_id`);
  return result.rows.map((row) => row.user_id);
};

/** Removes one member; false when they were not in the team. */
export const deleteTeamMember = async (
  tx: Executor,
  projectId: string,
  teamId: string,
  userId: string,
): Promise<boolean> => {
  const rows = await tx
    .delete(teamMembers)
    .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
  return rows.length > 0;
};

/** Removes every member of a team; returns who they were, for the audit log. */
export const deleteAllTeamMembers = async (tx: Executor, projectId: string, teamId: string): Promise<string[]> => {
  const rows = await tx
    .delete(teamMembers)
    .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.teamId, teamId)))
    .returning({ userId: teamMembers.userId });
  return rows.map((row) => row.userId);
};
