import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { icelandic } from "../../platform/db/collation.ts";
import { sameCompanyRow } from "../../platform/db/company-join.ts";
import { categories, teams } from "../../platform/db/schema/index.ts";

export type TeamRecord = {
  id: string;
  projectId: string;
  name: string;
  accountCode: string;
  accountCodeName: string | null;
  categoryId: string | null;
  categoryCode: string | null;
  categoryTitle: string | null;
  monthlyBudget: number | null;
  maxMonthlyLimit: number | null;
  maxWeeklyLimit: number | null;
  maxDailyLimit: number | null;
  allCategoriesVisible: boolean;
  createdAt: Date;
};

const columns = {
  id: teams.id,
  projectId: teams.projectId,
  name: teams.name,
  accountCode: teams.accountCode,
  accountCodeName: teams.accountCodeName,
  categoryId: teams.categoryId,
  categoryCode: categories.code,
  categoryTitle: categories.title,
  monthlyBudget: teams.monthlyBudget,
  maxMonthlyLimit: teams.maxMonthlyLimit,
  maxWeeklyLimit: teams.maxWeeklyLimit,
  maxDailyLimit: teams.maxDailyLimit,
  allCategoriesVisible: teams.allCategoriesVisible,
  createdAt: teams.createdAt,
};

const live = (projectId: string) => and(eq(teams.projectId, projectId), isNull(teams.deletedAt));

/** The project's live teams with their category, in Icelandic alphabetical order; `onlyIds` narrows them. */
export const listLiveTeams = (db: Executor, projectId: string, onlyIds?: readonly string[]): Promise<TeamRecord[]> => {
  if (onlyIds?.length === 0) return Promise.resolve([]);
  return db
    .select(columns)
    .from(teams)
    .leftJoin(categories, sameCompanyRow(categories, [teams.projectId, teams.categoryId]))
    .where(and(live(projectId), onlyIds ? inArray(teams.id, [...onlyIds]) : undefined))
    .orderBy(icelandic(teams.name), asc(teams.id));
};

/** One live team of the project, or null: another project's team and a deleted one read as absent. */
export const findLiveTeam = async (db: Executor, projectId: string, id: string): Promise<TeamRecord | null> => {
  const [row] = await listLiveTeams(db, projectId, [id]);
  return row ?? null;
};

export type LockedTeam = { id: string; projectId: string; name: string; categoryId: string | null };

/** Locks a live team's row for the rest of the transaction, so concurrent changes to one team queue up. */
export const lockLiveTeam = async (tx: Executor, projectId: string, id: string): Promise<LockedTeam | null> => {
  const [row] = await tx
    .select({ id: teams.id, projectId: teams.projectId, name: teams.name, categoryId: teams.categoryId })
    .from(teams)
    .where(and(live(projectId), eq(teams.id, id)))
    .for("update");
  return row ?? null;
};

/** Whether another live team of the project already has this name, compared without case. */
export const liveTeamNameTaken = async (
  db: Executor,
  projectId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> => {
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        live(projectId),
        sql`lower(${teams.name}) = lower(${name})`,
        exceptId ? sql`${teams.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
};

export const insertTeam = async (
  tx: Executor,
  values: {
    projectId: string;
    name: string;
    accountCode: string;
    accountCodeName: string | null;
    categoryId: string;
    monthlyBudget: number | null;
    now: Date;
  },
): Promise<string> => {
  const { now, ...team } = values;
  const [row] = await tx
    .insert(teams)
    .values({ ...team, createdAt: now, updatedAt: now })
    .returning({ id: teams.id });
  if (!row) throw new Error("team insert returned nothing");
  return row.id;
};

export type TeamPatch = {
  name?: string;
  accountCode?: string;
  accountCodeName?: string | null;
  monthlyBudget?: number | null;
  maxMonthlyLimit?: number | null;
  maxWeeklyLimit?: number | null;
  maxDailyLimit?: number | null;
  allCategoriesVisible?: boolean;
  deletedAt?: Date;
};

/** Changes a live team of the project; false when there is none. */
export const updateLiveTeam = async (
  tx: Executor,
  projectId: string,
  id: string,
  patch: TeamPatch,
  now: Date,
): Promise<boolean> => {
  const rows = await tx
    .update(teams)
    .set({ ...patch, updatedAt: now })
    .where(and(live(projectId), eq(teams.id, id)))
    .returning({ id: teams.id });
  return rows.length > 0;
};
