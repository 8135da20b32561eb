import type { RoleName } from "@kort/core";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { projectMembers, teamMembers } from "../../platform/db/schema/index.ts";

/**
 * Writes to a member's place in a project: the membership (role, limit control) and their team memberships.
 * Always scoped by the project, so a user's memberships of other companies are never touched.
 */

const membershipOf = (projectId: string, userId: string) =>
  and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId));

/** Locks the membership row for the caller's transaction; false when the user is not a member. */
export const lockMembership = async (tx: Executor, projectId: string, userId: string): Promise<boolean> => {
  const rows = await tx
    .select({ id: projectMembers.id })
    .from(projectMembers)
    .where(membershipOf(projectId, userId))
    .for("update");
  return rows.length > 0;
};

export const countProjectOwners = async (tx: Executor, projectId: string): Promise<number> => {
  const rows = await tx
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.role, "project_owner")));
  return rows.length;
};

export const updateMemberRole = async (
  tx: Executor,
  projectId: string,
  userId: string,
  role: RoleName,
  now: Date,
): Promise<void> => {
  await tx.update(projectMembers).set({ role, updatedAt: now }).where(membershipOf(projectId, userId));
};

export const updateMemberLimitControl = async (
  tx: Executor,
  projectId: string,
  userId: string,
  control: { maxMonthlyLimit: number | null; allowIssuingCardsToSelf: boolean },
  now: Date,
): Promise<void> => {
  await tx
    .update(projectMembers)
    .set({ ...control, updatedAt: now })
    .where(membershipOf(projectId, userId));
};

/** Marks the member an admin of each of their teams in the project, or of none. */
export const setTeamAdminFlags = async (
  tx: Executor,
  projectId: string,
  userId: string,
  isAdmin: boolean,
): Promise<void> => {
  await tx
    .update(teamMembers)
    .set({ isAdmin })
    .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.userId, userId)));
};

/** Takes the member out of every team of the project; answers the team ids they were in. */
export const deleteTeamMemberships = async (tx: Executor, projectId: string, userId: string): Promise<string[]> => {
  const rows = await tx
    .delete(teamMembers)
    .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.userId, userId)))
    .returning({ teamId: teamMembers.teamId });
  return rows.map((row) => row.teamId);
};

export const deleteMembership = async (tx: Executor, projectId: string, userId: string): Promise<void> => {
  await tx.delete(projectMembers).where(membershipOf(projectId, userId));
};
