import type { ApprovalStatus, RoleName } from "@kort/core";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { icelandic } from "../../platform/db/collation.ts";
import { projectMembers, projects } from "../../platform/db/schema/index.ts";

export type ProjectRecord = {
  id: string;
  title: string;
  host: string | null;
  preferences: Record<string, unknown>;
  enabled: boolean;
  approvalStatus: ApprovalStatus;
  role: RoleName;
};

const columns = {
  id: projects.id,
  title: projects.title,
  host: projects.host,
  preferences: projects.preferences,
  enabled: projects.enabled,
  approvalStatus: projects.approvalStatus,
  role: projectMembers.role,
};

/** The projects a user belongs to, disabled ones included (the web app shows "no active projects"). */
export const listProjectsOfUser = (db: Db, userId: string): Promise<ProjectRecord[]> =>
  db
    .select(columns)
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, userId))
    .orderBy(icelandic(projects.title), asc(projects.id));

/** One project, only through the user's membership: another company's project reads as absent. */
export const findProjectOfUser = async (db: Db, userId: string, projectId: string): Promise<ProjectRecord | null> => {
  const [row] = await db
    .select(columns)
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.userId, userId), eq(projectMembers.projectId, projectId)))
    .limit(1);
  return row ?? null;
};
