import type { CategoryGroup } from "@kort/core";
import { and, asc, count, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
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
  defaultTaxCategoryId: string | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
};

/** The unique index that keeps a code to one live category of a project (team categories included). */
export const CATEGORY_CODE_CONSTRAINT = "categories_project_code_live_key";

const columns = {
  id: categories.id,
  title: categories.title,
  code: categories.code,
  enabled: categories.enabled,
  group: categories.group,
  defaultTaxCategoryId: categories.defaultTaxCategoryId,
  createdAt: categories.createdAt,
  updatedAt: categories.updatedAt,
  deletedAt: categories.deletedAt,
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
  ids?: readonly string[] | undefined;
  /** Only enabled ones: what can still be chosen. */
  enabledOnly?: boolean | undefined;
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
    filter.ids ? inArray(categories.id, [...filter.ids]) : undefined,
    filter.enabledOnly ? eq(categories.enabled, true) : undefined,
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

/** Live categories of the project among `ids`, locked for a change, in id order (so two changes lock alike). */
export const lockLiveCategories = (
  db: Executor,
  projectId: string,
  ids: readonly string[],
): Promise<CategoryRecord[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select(columns)
        .from(categories)
        .where(and(eq(categories.projectId, projectId), isNull(categories.deletedAt), inArray(categories.id, [...ids])))
        .orderBy(asc(categories.id))
        .for("update");

/** Whether a live category of the project (other than `exceptId`) has this code. */
export const liveCategoryCodeTaken = async (
  db: Executor,
  projectId: string,
  code: string,
  exceptId?: string,
): Promise<boolean> => {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.projectId, projectId),
        eq(categories.code, code),
        isNull(categories.deletedAt),
        exceptId ? ne(categories.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
};

export const insertCategory = async (
  db: Executor,
  values: {
    projectId: string;
    title: string;
    code: string;
    group: CategoryGroup;
    enabled?: boolean;
    defaultTaxCategoryId?: string | null;
    now: Date;
  },
): Promise<CategoryRecord> => {
  const [row] = await db
    .insert(categories)
    .values({
      projectId: values.projectId,
      title: values.title,
      code: values.code,
      group: values.group,
      enabled: values.enabled ?? true,
      defaultTaxCategoryId: values.defaultTaxCategoryId ?? null,
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
  patch: {
    title?: string | undefined;
    code?: string | undefined;
    enabled?: boolean | undefined;
    defaultTaxCategoryId?: string | null | undefined;
    deletedAt?: Date | undefined;
    now: Date;
  },
): Promise<void> => {
  const { now, ...values } = patch;
  await db
    .update(categories)
    .set({ ...values, updatedAt: now })
    .where(and(eq(categories.projectId, projectId), eq(categories.id, id)));
};
