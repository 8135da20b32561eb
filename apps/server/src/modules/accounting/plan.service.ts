import { maxDimensionsPerCategory } from "@kort/core";
import { policyFor } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { type AccountingSettingsDto, setProjectPlanSchema } from "./accounting.schemas.ts";
import { authorizeOnProject } from "./accounting-access.ts";
import { type AccountingDeps, audit, runChange } from "./accounting-steps.ts";
import { findProjectPlan, updateProjectPlan } from "./plan.repo.ts";

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
  const plan = await findProjectPlan(deps.db, ctx.membership.projectId);
  return {
    plan,
    max_dimensions_per_category: maxDimensionsPerCategory(plan),
    can_change_plan: policyFor(ctx, "tax-category", "manage", { project_id: ctx.membership.projectId }).allowed,
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
