import type { CategoryGroup } from "@kort/core";
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { icelandic } from "../../platform/db/collation.ts";
import { containsPattern } from "../../platform/db/like.ts";
import { categories, teams, teamVisibleCategories } from "../../platform/db/schema/index.ts";

export type CategoryRecord = {
  id: string;
  title: string;
  code: string;
  enabled: boolean;
  group: CategoryGroup;
  createdAt: Date;
  updatedAt: Date;
};

const columns = {
  id: categories.id,
  title: categories.title,
  code: categories.code,
  enabled: categories.enabled,
  group: categories.group,
  createdAt: categories.createdAt,
  updatedAt: categories.updatedAt,
};

/** `%` and `_` typed by a person are letters, not wildcards. */
const idList = (ids: readonly string[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The categories the members of these teams may use: each team's own category, and the chart's (Default)
 * categories the team sees, all of them or its chosen list (team_visible_categories).
 */
const visibleToTeams = (projectId: string, teamIds: readonly string[]): SQL => {
  if (teamIds.length === 0) return sql`false`;
  return sql`exists (
    select 1 from ${teams} t
    where t.project_id = ${projectId} and t.deleted_at is null and t.id in (${idList(teamIds)})
      and (t.category_id = ${categories.id}
        or (${categories.group} = 'Default' and (t.all_categories_visible or exists (
          select 1 from ${teamVisibleCategories} v where v.team_id = t.id and v.category_id = ${categories.id}))))
  )`;
};

export type CategoryFilter = {
  group?: CategoryGroup | undefined;
  search?: string | undefined;
  /** Only what these teams' members may use; undefined for the whole project. */
  teamIds?: readonly string[] | undefined;
};

const where = (projectId: string, filter: CategoryFilter): SQL | undefined =>
  and(
    eq(categories.projectId, projectId),
    isNull(categories.deletedAt),
    filter.group ? eq(categories.group, filter.group) : undefined,
    filter.search
      ? or(
          ilike(categories.title, containsPattern(filter.search)),
          ilike(categories.code, containsPattern(filter.search)),
        )
      : undefined,
    filter.teamIds ? visibleToTeams(projectId, filter.teamIds) : undefined,
  );

/** A page of the project's live categories, in Icelandic alphabetical order, and how many match in all. */
export const listCategories = async (
  db: Executor,
  projectId: string,
  filter: CategoryFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: CategoryRecord[]; count: number }> => {
  const rows = await db
    .select(columns)
    .from(categories)
    .where(where(projectId, filter))
    .orderBy(icelandic(categories.title), asc(categories.code), asc(categories.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ count: count() }).from(categories).where(where(projectId, filter));
  return { rows, count: total?.count ?? 0 };
};

/** The live categories of the project among `ids` (another project's ids read as absent). */
export const findLiveCategories = (
  db: Executor,
  projectId: string,
  ids: readonly string[],
): Promise<CategoryRecord[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select(columns)
        .from(categories)
        .where(
          and(eq(categories.projectId, projectId), isNull(categories.deletedAt), inArray(categories.id, [...ids])),
        );

export const insertCategory = async (
  db: Executor,
  values: { projectId: string; title: string; code: string; group: CategoryGroup; now: Date },
): Promise<CategoryRecord> => {
  const [row] = await db
    .insert(categories)
    .values({
      projectId: values.projectId,
      title: values.title,
      code: values.code,
      group: values.group,
      enabled: true,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning(columns);
  if (!row) throw new Error("category insert returned nothing");
  return row;
};

/** Changes a category of the project; `deletedAt` archives it. */
export const updateCategory = async (
  db: Executor,
  projectId: string,
  id: string,
  patch: { title?: string; code?: string; enabled?: boolean; deletedAt?: Date; now: Date },
): Promise<void> => {
  const { now, ...values } = patch;
  await db
    .update(categories)
    .set({ ...values, updatedAt: now })
    .where(and(eq(categories.projectId, projectId), eq(categories.id, id)));
};
