import type { ProjectPlan } from "@kort/core";
import { eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { projects } from "../../platform/db/schema/index.ts";

/**
 * The company's plan (projects.plan). Accounting reads and sets it: how many dimensions a category may ask for is
 * the one thing the plan governs so far.
 */
export const findProjectPlan = async (db: Executor, projectId: string): Promise<ProjectPlan> => {
  const [row] = await db.select({ plan: projects.plan }).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!row) throw new Error(`project ${projectId} is missing`);
  return row.plan;
};

/** Sets the plan; answers the plan it had before. */
export const updateProjectPlan = async (
  db: Executor,
  projectId: string,
  plan: ProjectPlan,
  now: Date,
): Promise<ProjectPlan> => {
  const previous = await findProjectPlan(db, projectId);
  await db.update(projects).set({ plan, updatedAt: now }).where(eq(projects.id, projectId));
  return previous;
};
