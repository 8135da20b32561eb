import { type PolicyActionOf, type PolicyResource, policyReach } from "@kort/core";
import { AppError } from "../errors.ts";
import { policyFor, policyUser } from "./authorize.ts";
import type { ProjectContext } from "./context.ts";

/**
 * How far a list query may reach for the caller, read from the policy: every row of the project; the rows of
 * some teams, plus the caller's own rows where `userId` is set (a team admin: their teams' cards and their own
 * cards in teams they only belong to); or only the caller's own rows. A role the policy never allows the action
 * gets ACCESS_DENIED, so a list is denied by default exactly like a single object.
 */
export type ListScope =
  | { kind: "project" }
  | { kind: "team"; teamIds: readonly string[]; userId?: string }
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
  const reach = policyReach(ctx.membership.role, resource, action, policyUser(ctx));
  if (reach.project) return { kind: "project" };
  const userId = reach.own ? ctx.user.id : undefined;
  if (reach.teamIds.length > 0)
    return userId ? { kind: "team", teamIds: reach.teamIds, userId } : { kind: "team", teamIds: reach.teamIds };
  if (userId) return { kind: "own", userId };
  return { kind: "team", teamIds: [] };
};
