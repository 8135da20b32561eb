import type { ApprovalStatus, RoleName } from "@kort/core";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { projectMembers, projectRegistry, projects, teamMembers, teams } from "../../platform/db/schema/index.ts";

export const insertProject = async (
  db: Executor,
  values: { title: string; kennitala: string; creditLimit: number; approvalStatus: ApprovalStatus; createdAt: Date },
): Promise<{ id: string; title: string }> => {
  const [row] = await db
    .insert(projects)
    .values({ ...values, enabled: true, updatedAt: values.createdAt })
    .returning({ id: projects.id, title: projects.title });
  if (!row) throw new Error("project insert returned nothing");
  return row;
};

export const insertMembership = async (
  db: Executor,
  values: {
    projectId: string;
    userId: string;
    role: RoleName;
    maxMonthlyLimit: number | null;
    allowIssuingCardsToSelf: boolean;
    createdAt: Date;
  },
): Promise<void> => {
  await db.insert(projectMembers).values({ ...values, updatedAt: values.createdAt });
};

export const insertTeamMember = async (
  db: Executor,
  values: { projectId: string; teamId: string; userId: string; isAdmin: boolean; createdAt: Date },
): Promise<void> => {
  await db.insert(teamMembers).values(values).onConflictDoNothing();
};

export const findMemberRole = async (db: Executor, projectId: string, userId: string): Promise<RoleName | null> => {
  const [row] = await db
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
};

/** A live team of the project, or null (another project's team reads as absent). */
export const findLiveTeam = async (
  db: Executor,
  projectId: string,
  teamId: string,
): Promise<{ id: string; name: string } | null> => {
  const [row] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.projectId, projectId), isNull(teams.deletedAt)))
    .limit(1);
  return row ?? null;
};

/** Whether any project, rejected ones included, has this kennitala (10 digits): the company registry's answer. */
export const kennitalaTaken = async (db: Executor, kennitala: string): Promise<boolean> =>
  (
    await db
      .select({ id: projectRegistry.projectId })
      .from(projectRegistry)
      .where(eq(projectRegistry.kennitala, kennitala))
      .limit(1)
  ).length > 0;

/**
 * Serialises sign-ups of one kennitala until the transaction ends, so the second one sees the first one's company
 * instead of meeting the unique index (which stays the backstop).
 */
export const lockKennitala = async (tx: Executor, kennitala: string): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`kort.kennitala:${kennitala}`}))`);
};
