import { maxDimensionsPerCategory } from "@kort/core";
import type { Executor } from "../../platform/db/client.ts";
import { policyFor } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { TOLERANCE_KINDS } from "../processor/capture-tolerance.ts";
import {
  type AccountingSettingsDto,
  setCaptureToleranceSchema,
  setProjectPlanSchema,
  setReceiptMissingDaysSchema,
} from "./accounting.schemas.ts";
import { authorizeOnProject } from "./accounting-access.ts";
import { type AccountingDeps, audit, runChange } from "./accounting-steps.ts";
import {
  findAccountingSettings,
  updateCaptureTolerance,
  updateProjectPlan,
  updateReceiptMissingDays,
} from "./plan.repo.ts";

/**
 * The company's plan (issue 11): basic by default, at most 3 dimensions a category; pro has no limit. Whoever reads
 * dimensions (category read-groups) may read it. Changing it is the owner's: the matrix has no privilege for company
 * settings, and `tax-category manage` is the accounting setting it reserves for project owners (docs/decisions.md).
 */
export const accountingSettingsFor = async (
  deps: AccountingDeps,
  ctx: ProjectContext,
): Promise<AccountingSettingsDto> => {
  authorizeOnProject(ctx, "category", "read-groups");
  const project = { project_id: ctx.membership.projectId };
  const { plan, receiptMissingDays, tolerances } = await findAccountingSettings(deps.db, ctx.membership.projectId);
  return {
    plan,
    max_dimensions_per_category: maxDimensionsPerCategory(plan),
    can_change_plan: policyFor(ctx, "tax-category", "manage", project).allowed,
    receipt_missing_days: receiptMissingDays,
    can_change_receipt_rule: policyFor(ctx, "category", "manage", project).allowed,
    capture_tolerances: TOLERANCE_KINDS.map((kind) => ({ kind, ...tolerances[kind] })),
    can_change_capture_tolerance: policyFor(ctx, "tax-category", "manage", project).allowed,
  };
};

/** One company setting changed in one transaction, audited with its old and new value; answers the settings. */
const changeSetting = async <V>(
  deps: AccountingDeps,
  ctx: ProjectContext,
  action: string,
  value: V,
  update: (tx: Executor, projectId: string, now: Date) => Promise<V>,
): Promise<AccountingSettingsDto> => {
  await runChange(deps, ctx, undefined, async (step) => {
    const previous = await update(step.tx, step.projectId, step.now);
    await audit(step, { action, objectType: "project", objectId: step.projectId, data: { from: previous, to: value } });
  });
  return accountingSettingsFor(deps, ctx);
};

export const setProjectPlan = async (
  deps: AccountingDeps,
  ctx: ProjectContext,
  input: { plan?: unknown },
): Promise<AccountingSettingsDto> => {
  authorizeOnProject(ctx, "tax-category", "manage");
  const { plan } = setProjectPlanSchema.parse(input);
  return changeSetting(deps, ctx, "project.set_plan", plan, (tx, projectId, now) =>
    updateProjectPlan(tx, projectId, plan, now),
  );
};

/**
 * Spec 5's MissingReceipt grace (a project setting, 7 days unless set): the bookkeepers' rule, so whoever manages
 * categories (owners and accountants) sets it. The ledger's rule and todo counts read it on their next request.
 */
export const setReceiptMissingDays = async (
  deps: AccountingDeps,
  ctx: ProjectContext,
  input: { days?: unknown },
): Promise<AccountingSettingsDto> => {
  authorizeOnProject(ctx, "category", "manage");
  const { days } = setReceiptMissingDaysSchema.parse(input);
  return changeSetting(deps, ctx, "project.set_receipt_missing_days", days, (tx, projectId, now) =>
    updateReceiptMissingDays(tx, projectId, days, now),
  );
};

/**
 * Issue 13's capture tolerances (project settings: the larger of 20% and 5.000 kr. unless set, fuel's and hotels'
 * their own): a risk setting of the card programme, so the owners' (`tax-category manage`, the privilege reserved
 * for them, as for the plan). The next clearing reads them. The audit row's old and new values each name their kind.
 */
export const setCaptureTolerance = async (
  deps: AccountingDeps,
  ctx: ProjectContext,
  input: { kind?: unknown; percent?: unknown; minimum?: unknown },
): Promise<AccountingSettingsDto> => {
  authorizeOnProject(ctx, "tax-category", "manage");
  const { kind, percent, minimum } = setCaptureToleranceSchema.parse(input);
  return changeSetting(
    deps,
    ctx,
    "project.set_capture_tolerance",
    { kind, percent, minimum },
    async (tx, projectId, now) => ({
      kind,
      ...(await updateCaptureTolerance(tx, projectId, kind, { percent, minimum }, now)),
    }),
  );
};
