import { and, eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The join condition of a reference between two rows of one company: the parent's company and id both match the
 * child's `(project_id, column)`, as the reference itself does (`companyReference`), so a database distributed by
 * project_id joins the pair on one node (docs/scaling.md). `more` adds conditions on the parent (not deleted).
 */
export const sameCompanyRow = (
  parent: { projectId: AnyPgColumn; id: AnyPgColumn },
  [projectId, column]: [projectId: AnyPgColumn, column: AnyPgColumn],
  ...more: SQL[]
): SQL | undefined => and(eq(parent.projectId, projectId), eq(parent.id, column), ...more);
