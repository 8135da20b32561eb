import { type ProjectPlan, RECEIPT_MISSING_DAYS_DEFAULT } from "@kort/core";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { projects } from "../../platform/db/schema/index.ts";
import { type Tolerance, type ToleranceKind, type Tolerances, tolerancesOf } from "../processor/capture-tolerance.ts";

/**
 * What accounting keeps on the company's row: the plan (how many dimensions a category may ask for is the one thing
 * it governs so far), the MissingReceipt grace in days (`preferences.receipt_missing_days`) and the capture
 * tolerances (`preferences.capture_tolerance`), each the default unless set.
 */
export type StoredSettings = { plan: ProjectPlan; receiptMissingDays: number; tolerances: Tolerances };

/**
 * The settings in one read of the company's row. A change reads them with `lock`, under the row's lock, so that it
 * answers the value it replaces in the order changes are made: two owners' changes are audited as one chain.
 */
export const findAccountingSettings = async (
  db: Executor,
  projectId: string,
  lock: "lock" | "no-lock" = "no-lock",
): Promise<StoredSettings> => {
  const query = db
    .select({ plan: projects.plan, preferences: projects.preferences })
    .from(projects)
    .where(eq(projects.id, projectId));
  const [row] = await (lock === "lock" ? query.for("update") : query);
  if (!row) throw new Error(`project ${projectId} is missing`);
  const preferences = (row.preferences ?? {}) as Record<string, unknown>;
  const days = preferences.receipt_missing_days;
  return {
    plan: row.plan,
    receiptMissingDays: typeof days === "number" && Number.isInteger(days) ? days : RECEIPT_MISSING_DAYS_DEFAULT,
    tolerances: tolerancesOf(preferences),
  };
};

/** Sets the plan; answers the plan it had before. */
export const updateProjectPlan = async (
  db: Executor,
  projectId: string,
  plan: ProjectPlan,
  now: Date,
): Promise<ProjectPlan> => {
  const previous = (await findAccountingSettings(db, projectId, "lock")).plan;
  await db.update(projects).set({ plan, updatedAt: now }).where(eq(projects.id, projectId));
  return previous;
};

/** Sets the grace; answers the one it had before. The rest of the preferences stay as they are. */
export const updateReceiptMissingDays = async (
  db: Executor,
  projectId: string,
  days: number,
  now: Date,
): Promise<number> => {
  const previous = (await findAccountingSettings(db, projectId, "lock")).receiptMissingDays;
  await db
    .update(projects)
    .set({
      preferences: sql`jsonb_set(${projects.preferences}, '{receipt_missing_days}', to_jsonb(${days}::int))`,
      updatedAt: now,
    })
    .where(eq(projects.id, projectId));
  return previous;
};

/** Sets one kind's tolerance, keeping the others; answers the one it had before. */
export const updateCaptureTolerance = async (
  db: Executor,
  projectId: string,
  kind: ToleranceKind,
  tolerance: Tolerance,
  now: Date,
): Promise<Tolerance> => {
  const previous = (await findAccountingSettings(db, projectId, "lock")).tolerances[kind];
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
