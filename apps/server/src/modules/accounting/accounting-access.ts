import type { PolicyActionOf, PolicyResource } from "@kort/core";
import { AppError, violatedUniqueConstraint } from "../../platform/errors.ts";
import { authorize, type PolicySubject } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { CATEGORY_CODE_CONSTRAINT } from "./accounting.repo.ts";
import { TAX_CODE_CONSTRAINT } from "./tax-categories.repo.ts";

/**
 * Categories, dimensions, tax categories and the plan belong to the company, not to a team or a person: the policy
 * object of each is its project (a team category's team plays no part in managing it).
 */
export const accountingSubject = (row: { projectId: string }): PolicySubject => ({ project_id: row.projectId });

/**
 * Asks the policy about the caller's own company before anything is parsed or looked up: every privilege that
 * manages the accounting setup is project-scoped, so a role without it (a team admin or an employee creating a
 * category) gets ACCESS_DENIED and learns nothing about which ids exist. Operations on an existing row ask again
 * with the row as loaded.
 */
export const authorizeOnProject = <R extends PolicyResource>(
  ctx: ProjectContext,
  resource: R,
  action: PolicyActionOf<R>,
): void => authorize(ctx, resource, action, { project_id: ctx.membership.projectId });

export const categoryNotFound = (): AppError => new AppError("NOT_FOUND", "The category was not found.");
export const dimensionNotFound = (): AppError => new AppError("NOT_FOUND", "The dimension was not found.");
export const taxCategoryNotFound = (): AppError => new AppError("NOT_FOUND", "The tax category was not found.");

export const categoryCodeTaken = (code: string): AppError =>
  new AppError("CATEGORY_CODE_TAKEN", `Another category of this company has the code ${code}.`, {
    issues: [{ path: "code", code: "CATEGORY_CODE_TAKEN", message: `The code ${code} is taken.` }],
  });

export const taxCodeTaken = (code: string): AppError =>
  new AppError("TAX_CATEGORY_CODE_TAKEN", `Another tax category of this company has the code ${code}.`, {
    issues: [{ path: "code", code: "TAX_CATEGORY_CODE_TAKEN", message: `The code ${code} is taken.` }],
  });

export const teamCategoryReadOnly = (): AppError =>
  new AppError(
    "TEAM_CATEGORY_READ_ONLY",
    "A team's category follows its team: rename or delete the team to change it.",
  );

/**
 * Runs a change; two requests racing for one code meet the unique index after each checked it was free, which
 * reads as the coded error, never a 500. The index is checked outside the transaction, which it aborted.
 */
export const withCodeGuard = async <T>(code: () => string | undefined, run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === CATEGORY_CODE_CONSTRAINT) throw categoryCodeTaken(code() ?? "");
    if (constraint === TAX_CODE_CONSTRAINT) throw taxCodeTaken(code() ?? "");
    throw error;
  }
};

/** Whether a failed change hit the category code's unique index (for the teams module's guard). */
export const isCategoryCodeViolation = (error: unknown): boolean =>
  violatedUniqueConstraint(error) === CATEGORY_CODE_CONSTRAINT;
