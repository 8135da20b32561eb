import { and, asc, count, eq, ilike, inArray, isNull, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { icelandic } from "../../platform/db/collation.ts";
import { sameCompanyRow } from "../../platform/db/company-join.ts";
import { containsPattern } from "../../platform/db/like.ts";
import { categories, categoryDimensions, dimensions, dimensionValues } from "../../platform/db/schema/index.ts";

export type DimensionRecord = { id: string; title: string; createdAt: Date; updatedAt: Date };

export type DimensionValueRecord = {
  id: string;
  dimensionId: string;
  title: string;
  code: string | null;
  enabled: boolean;
};

const dimensionColumns = {
  id: dimensions.id,
  title: dimensions.title,
  createdAt: dimensions.createdAt,
  updatedAt: dimensions.updatedAt,
};

const valueColumns = {
  id: dimensionValues.id,
  dimensionId: dimensionValues.dimensionId,
  title: dimensionValues.title,
  code: dimensionValues.code,
  enabled: dimensionValues.enabled,
};

const liveDimensions = (projectId: string, search?: string): SQL | undefined =>
  and(
    eq(dimensions.projectId, projectId),
    isNull(dimensions.deletedAt),
    search ? ilike(dimensions.title, containsPattern(search)) : undefined,
  );

/** A page of the project's live dimensions in Icelandic order, and how many match in all. */
export const listDimensions = async (
  db: Executor,
  projectId: string,
  filter: { search?: string | undefined },
  page: { offset: number; limit: number },
): Promise<{ rows: DimensionRecord[]; count: number }> => {
  const rows = await db
    .select(dimensionColumns)
    .from(dimensions)
    .where(liveDimensions(projectId, filter.search))
    .orderBy(icelandic(dimensions.title), asc(dimensions.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ count: count() }).from(dimensions).where(liveDimensions(projectId, filter.search));
  return { rows, count: total?.count ?? 0 };
};

/**
 * Live dimensions of the project among `ids` (another project's ids read as absent); with `lock`, locked for a
 * change, in id order so two changes lock them in the same order.
 */
export const findLiveDimensions = (
  db: Executor,
  projectId: string,
  ids: readonly string[],
  options: { lock?: boolean } = {},
): Promise<DimensionRecord[]> => {
  if (ids.length === 0) return Promise.resolve([]);
  const query = db
    .select(dimensionColumns)
    .from(dimensions)
    .where(and(liveDimensions(projectId), inArray(dimensions.id, [...ids])))
    .orderBy(asc(dimensions.id));
  return options.lock ? query.for("update") : query;
};

/** The live values of these dimensions, each dimension's in Icelandic order. */
export const listLiveValues = (
  db: Executor,
  projectId: string,
  dimensionIds: readonly string[],
): Promise<DimensionValueRecord[]> =>
  dimensionIds.length === 0
    ? Promise.resolve([])
    : db
        .select(valueColumns)
        .from(dimensionValues)
        .where(
          and(
            eq(dimensionValues.projectId, projectId),
            isNull(dimensionValues.deletedAt),
            inArray(dimensionValues.dimensionId, [...dimensionIds]),
          ),
        )
        .orderBy(icelandic(dimensionValues.title), asc(dimensionValues.id));

export const insertDimension = async (
  db: Executor,
  values: { projectId: string; title: string; now: Date },
): Promise<DimensionRecord> => {
  const [row] = await db
    .insert(dimensions)
    .values({ projectId: values.projectId, title: values.title, createdAt: values.now, updatedAt: values.now })
    .returning(dimensionColumns);
  if (!row) throw new Error("dimension insert returned nothing");
  return row;
};

export const updateDimension = async (
  db: Executor,
  projectId: string,
  id: string,
  patch: { title?: string | undefined; now: Date },
): Promise<void> => {
  await db
    .update(dimensions)
    .set({ title: patch.title, updatedAt: patch.now })
    .where(and(eq(dimensions.projectId, projectId), eq(dimensions.id, id)));
};

export const insertValues = async (
  db: Executor,
  projectId: string,
  dimensionId: string,
  values: readonly { title: string; code: string | null; enabled: boolean }[],
  now: Date,
): Promise<void> => {
  if (values.length === 0) return;
  await db
    .insert(dimensionValues)
    .values(values.map((value) => ({ projectId, dimensionId, ...value, createdAt: now, updatedAt: now })));
};

export const updateValue = async (
  db: Executor,
  projectId: string,
  dimensionId: string,
  id: string,
  patch: { title: string; code: string | null; enabled: boolean; now: Date },
): Promise<void> => {
  await db
    .update(dimensionValues)
    .set({ title: patch.title, code: patch.code, enabled: patch.enabled, updatedAt: patch.now })
    .where(
      and(
        eq(dimensionValues.projectId, projectId),
        eq(dimensionValues.dimensionId, dimensionId),
        eq(dimensionValues.id, id),
      ),
    );
};

/** Marks values deleted (the zero date in the API); transactions that carry them keep them. */
export const deleteValues = async (
  db: Executor,
  projectId: string,
  dimensionId: string,
  ids: readonly string[],
  now: Date,
): Promise<void> => {
  if (ids.length === 0) return;
  await db
    .update(dimensionValues)
    .set({ deletedAt: now, updatedAt: now })
    .where(
      and(
        eq(dimensionValues.projectId, projectId),
        eq(dimensionValues.dimensionId, dimensionId),
        inArray(dimensionValues.id, [...ids]),
      ),
    );
};

/** The live dimensions each of these categories asks for: category id → dimension ids, in link order. */
export const listLinks = async (
  db: Executor,
  projectId: string,
  categoryIds: readonly string[],
): Promise<{ categoryId: string; dimensionId: string }[]> =>
  categoryIds.length === 0
    ? []
    : db
        .select({ categoryId: categoryDimensions.categoryId, dimensionId: categoryDimensions.dimensionId })
        .from(categoryDimensions)
        .innerJoin(
          dimensions,
          and(
            eq(dimensions.projectId, categoryDimensions.projectId),
            eq(dimensions.id, categoryDimensions.dimensionId),
          ),
        )
        .where(
          and(
            eq(categoryDimensions.projectId, projectId),
            inArray(categoryDimensions.categoryId, [...categoryIds]),
            isNull(dimensions.deletedAt),
          ),
        )
        .orderBy(asc(categoryDimensions.createdAt), icelandic(dimensions.title));

export const insertLinks = async (
  db: Executor,
  projectId: string,
  categoryId: string,
  dimensionIds: readonly string[],
  now: Date,
): Promise<void> => {
  if (dimensionIds.length === 0) return;
  await db
    .insert(categoryDimensions)
    .values(dimensionIds.map((dimensionId) => ({ projectId, categoryId, dimensionId, createdAt: now })))
    .onConflictDoNothing();
};

export const deleteLinks = async (
  db: Executor,
  projectId: string,
  categoryId: string,
  dimensionIds: readonly string[] | "all",
): Promise<void> => {
  if (dimensionIds !== "all" && dimensionIds.length === 0) return;
  await db
    .delete(categoryDimensions)
    .where(
      and(
        eq(categoryDimensions.projectId, projectId),
        eq(categoryDimensions.categoryId, categoryId),
        dimensionIds === "all" ? undefined : inArray(categoryDimensions.dimensionId, [...dimensionIds]),
      ),
    );
};

/** How many live categories ask for each of these dimensions (the Dimensions tab shows it). */
export const countCategoriesUsing = async (
  db: Executor,
  projectId: string,
  dimensionIds: readonly string[],
): Promise<Map<string, number>> => {
  if (dimensionIds.length === 0) return new Map();
  const rows = await db
    .select({ dimensionId: categoryDimensions.dimensionId, count: count() })
    .from(categoryDimensions)
    .innerJoin(categories, sameCompanyRow(categories, [categoryDimensions.projectId, categoryDimensions.categoryId]))
    .where(
      and(
        eq(categoryDimensions.projectId, projectId),
        inArray(categoryDimensions.dimensionId, [...dimensionIds]),
        isNull(categories.deletedAt),
      ),
    )
    .groupBy(categoryDimensions.dimensionId);
  return new Map(rows.map((row) => [row.dimensionId, row.count]));
};
