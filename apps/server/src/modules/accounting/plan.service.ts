import { maxDimensionsPerCategory } from "@kort/core";
import { policyFor } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { type AccountingSettingsDto, setProjectPlanSchema, setReceiptMissingDaysSchema } from "./accounting.schemas.ts";
import { authorizeOnProject } from "./accounting-access.ts";
import { type AccountingDeps, audit, runChange } from "./accounting-steps.ts";
import { findProjectPlan, findReceiptMissingDays, updateProjectPlan, updateReceiptMissingDays } from "./plan.repo.ts";

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
  const plan = await findProjectPlan(deps.db, ctx.membership.projectId);
  return {
    plan,
    max_dimensions_per_category: maxDimensionsPerCategory(plan),
    can_change_plan: policyFor(ctx, "tax-category", "manage", project).allowed,
    receipt_missing_days: await findReceiptMissingDays(deps.db, ctx.membership.projectId),
    can_change_receipt_rule: policyFor(ctx, "category", "manage", project).allowed,
  };
};

export const setProjectPlan = async (
  deps: AccountingDeps,
  ctx: ProjectContext,
  input: { plan?: unknown },
): Promise<AccountingSettingsDto> => {
  authorizeOnProject(ctx, "tax-category", "manage");
  const args = setProjectPlanSchema.parse(input);
  await runChange(deps, ctx, undefined, async (step) => {
    const previous = await updateProjectPlan(step.tx, step.projectId, args.plan, step.now);
    await audit(step, {
      action: "project.set_plan",
      objectType: "project",
      objectId: step.projectId,
      data: { from: previous, to: args.plan },
    });
  });
  return accountingSettingsFor(deps, ctx);
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
  const args = setReceiptMissingDaysSchema.parse(input);
  await runChange(deps, ctx, undefined, async (step) => {
    const previous = await updateReceiptMissingDays(step.tx, step.projectId, args.days, step.now);
    await audit(step, {
      action: "project.set_receipt_missing_days",
      objectType: "project",
      objectId: step.projectId,
      data: { from: previous, to: args.days },
    });
  });
  return accountingSettingsFor(deps, ctx);
};
