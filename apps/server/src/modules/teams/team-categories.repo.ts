import { and, eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { teamVisibleCategories } from "../../platform/db/schema/index.ts";

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
