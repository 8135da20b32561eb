import type { PolicyActionOf, PolicyResource } from "@kort/core";
import { AppError } from "../errors.ts";
import { policyFor } from "./authorize.ts";
import type { ProjectContext } from "./context.ts";

/**
 * How far a list query may reach for the caller, read from the policy: every row of the project, the rows of
 * the caller's teams, or the caller's own rows. A role the policy never allows the action gets ACCESS_DENIED,
 * so a list is denied by default exactly like a single object.
 */
export type ListScope =
  | { kind: "project" }
  | { kind: "team"; teamIds: readonly string[] }
  | { kind: "own"; userId: string };

export const listScope = <R extends PolicyResource>(
  ctx: ProjectContext,
  resource: R,
  action: PolicyActionOf<R>,
): ListScope => {
  const policy = policyFor(ctx, resource, action);
  if (!policy.possibly_allowed) {
    throw new AppError("ACCESS_DENIED", "Access denied. Please contact your team admin.", { resource, action });
  }
  if (policy.needed.includes("same_team")) return { kind: "team", teamIds: ctx.membership.teamIds };
  if (policy.needed.includes("same_user")) return { kind: "own", userId: ctx.user.id };
  return { kind: "project" };
};
