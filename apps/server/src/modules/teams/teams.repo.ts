import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { bigintValue } from "../../platform/db/bigint.ts";
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

/** A team's admin or chosen category, as the team's row carries them (JSON, already in display order). */
export type TeamAdmin = { user_id: string; full_name: string; email: string };
export type TeamVisibleCategory = { id: string; code: string; title: string };

/** A live team with what its page shows beside its own columns. */
export type TeamView = TeamRecord & {
  memberCount: number;
  /** Used of the monthly budget in the billing period asked for (see `usedInPeriod`). */
  used: number;
  admins: TeamAdmin[];
  /** The chosen visible categories (live ones); empty when every category is visible. */
  visibleCategories: TeamVisibleCategory[];
};

/**
 * What a team used of its budget in the billing period starting `periodStart`: its settled transactions by
 * transaction date plus its pending authorizations by the time they were made, refunds negative. Read from the
 * running balances (docs/balances.md), the team's `M` row by primary key as the budget alerts read it, never summed
 * over the period's ledger: the teams page of a company with a million purchases costs what it costs with none.
 */
const usedInPeriod = (periodStart: Date) =>
  sql<string>`coalesce((select b.retail_sum + b.atm_sum from spend_balances b
      where b.project_id = ${teams.projectId} and b.owner_id = ${teams.id} and b.kind = 'M'
        and b.starts_at = ${periodStart}), 0)`;

/** The team's admins by name (Icelandic order), then e-mail. */
const adminsOf = sql<TeamAdmin[]>`coalesce((select json_agg(json_build_object('user_id', u.id, 'full_name',
      u.full_name, 'email', u.email) order by u.full_name collate "is-x-icu", u.email)
      from team_members m join users u on u.id = m.user_id
     where m.project_id = ${teams.projectId} and m.team_id = ${teams.id} and m.is_admin), '[]')`;

/** The team's chosen categories that are still live, by title (Icelandic order), then code. */
const visibleCategoriesOf = sql<TeamVisibleCategory[]>`coalesce((select json_agg(json_build_object('id', c.id,
      'code', c.code, 'title', c.title) order by c.title collate "is-x-icu", c.code)
      from team_visible_categories v
      join categories c on c.project_id = v.project_id and c.id = v.category_id and c.deleted_at is null
     where v.project_id = ${teams.projectId} and v.team_id = ${teams.id}), '[]')`;

/**
 * The project's live teams with their category, member count, admins, chosen categories and what each used in the
 * billing period starting `periodStart`, in Icelandic alphabetical order; `onlyIds` narrows them. One statement:
 * the page waits for one round trip after the session's, whatever the number of teams.
 */
export const listLiveTeams = (
  db: Executor,
  projectId: string,
  periodStart: Date,
  onlyIds?: readonly string[],
): Promise<TeamView[]> => {
  if (onlyIds?.length === 0) return Promise.resolve([]);
  return db
    .select({
      ...columns,
      memberCount: sql<number>`(select count(*) from team_members m
          where m.project_id = ${teams.projectId} and m.team_id = ${teams.id})`.mapWith(Number),
      used: usedInPeriod(periodStart).mapWith(bigintValue),
      admins: adminsOf,
      visibleCategories: visibleCategoriesOf,
    })
    .from(teams)
    .leftJoin(categories, sameCompanyRow(categories, [teams.projectId, teams.categoryId]))
    .where(and(live(projectId), onlyIds ? inArray(teams.id, [...onlyIds]) : undefined))
    .orderBy(icelandic(teams.name), asc(teams.id));
};

/** One live team of the project, or null: another project's team and a deleted one read as absent. */
export const findLiveTeam = async (
  db: Executor,
  projectId: string,
  id: string,
  periodStart: Date,
): Promise<TeamView | null> => {
  const [row] = await listLiveTeams(db, projectId, periodStart, [id]);
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
