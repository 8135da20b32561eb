import { type ProjectPlan, RECEIPT_MISSING_DAYS_DEFAULT } from "@kort/core";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { projects } from "../../platform/db/schema/index.ts";
import { type Tolerance, type ToleranceKind, type Tolerances, tolerancesOf } from "../processor/capture-tolerance.ts";

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

/** The company's MissingReceipt grace in days (`preferences.receipt_missing_days`), the default unless set. */
export const findReceiptMissingDays = async (db: Executor, projectId: string): Promise<number> => {
  const [row] = await db
    .select({ days: sql<number | null>`(${projects.preferences} ->> 'receipt_missing_days')::int` })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.days ?? RECEIPT_MISSING_DAYS_DEFAULT;
};

/** Sets the grace; answers the one it had before. The rest of the preferences stay as they are. */
export const updateReceiptMissingDays = async (
  db: Executor,
  projectId: string,
  days: number,
  now: Date,
): Promise<number> => {
  const previous = await findReceiptMissingDays(db, projectId);
  await db
    .update(projects)
    .set({
      preferences: sql`jsonb_set(${projects.preferences}, '{receipt_missing_days}', to_jsonb(${days}::int))`,
      updatedAt: now,
    })
    .where(eq(projects.id, projectId));
  return previous;
};

/** The company's capture tolerances (`preferences.capture_tolerance`), each the default unless set. */
export const findCaptureTolerances = async (db: Executor, projectId: string): Promise<Tolerances> => {
  const [row] = await db.select({ preferences: projects.preferences }).from(projects).where(eq(projects.id, projectId));
  return tolerancesOf((row?.preferences ?? {}) as Record<string, unknown>);
};

/**
 * Sets one kind's tolerance, keeping the others; answers the one it had before, read under the company row's lock
 * so that two owners' changes are audited in the order they were made.
 */
export const updateCaptureTolerance = async (
  db: Executor,
  projectId: string,
  kind: ToleranceKind,
  tolerance: Tolerance,
  now: Date,
): Promise<Tolerance> => {
  const [row] = await db
    .select({ preferences: projects.preferences })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for("update");
  const previous = tolerancesOf((row?.preferences ?? {}) as Record<string, unknown>)[kind];
  // The general tolerance sits at the setting's top, as it was first stored; fuel's and hotels' under their names.
  const patch = kind === "general" ? tolerance : { [kind]: tolerance };
  const stored = sql`${projects.preferences} -> 'capture_tolerance'`;
  const kept = sql`case when jsonb_typeof(${stored}) = 'object' then ${stored} else '{}'::jsonb end`;
  const merged = sql`${kept} || ${JSON.stringify(patch)}::jsonb`;
  await db
    .update(projects)
    .set({
      preferences: sql`jsonb_set(${projects.preferences}, '{capture_tolerance}', ${merged})`,
      updatedAt: now,
    })
    .where(eq(projects.id, projectId));
  return previous;
};
