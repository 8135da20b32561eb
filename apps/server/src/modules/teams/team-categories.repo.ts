import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { icelandic } from "../../platform/db/collation.ts";
import { sameCompanyRow } from "../../platform/db/company-join.ts";
import { categories, teamVisibleCategories } from "../../platform/db/schema/index.ts";

export type VisibleCategoryRecord = { teamId: string; id: string; code: string; title: string };

/** The chosen visible categories of these teams (live ones), by title. */
export const listVisibleCategories = (
  db: Executor,
  projectId: string,
  teamIds: readonly string[],
): Promise<VisibleCategoryRecord[]> =>
  teamIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          teamId: teamVisibleCategories.teamId,
          id: categories.id,
          code: categories.code,
          title: categories.title,
        })
        .from(teamVisibleCategories)
        .innerJoin(
          categories,
          sameCompanyRow(
            categories,
            [teamVisibleCategories.projectId, teamVisibleCategories.categoryId],
            isNull(categories.deletedAt),
          ),
        )
        .where(and(eq(teamVisibleCategories.projectId, projectId), inArray(teamVisibleCategories.teamId, [...teamIds])))
        .orderBy(icelandic(categories.title), asc(categories.code));

/** Replaces a team's chosen list; an empty list clears it. */
export const replaceVisibleCategories = async (
  tx: Executor,
  projectId: string,
  teamId: string,
  categoryIds: readonly string[],
): Promise<void> => {
  await tx
    .delete(teamVisibleCategories)
    .where(and(eq(teamVisibleCategories.projectId, projectId), eq(teamVisibleCategories.teamId, teamId)));
  if (categoryIds.length === 0) return;
  await tx.insert(teamVisibleCategories).values(categoryIds.map((categoryId) => ({ projectId, teamId, categoryId })));
};
