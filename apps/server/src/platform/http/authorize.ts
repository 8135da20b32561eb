import {
  evaluatePolicy,
  type PolicyActionOf,
  type PolicyResource,
  type PolicyResult,
  type PolicyUser,
} from "@kort/core";
import { AppError } from "../errors.ts";
import type { ProjectContext } from "./context.ts";

/**
 * The object a check is about, as the caller loaded it from the database: its project always, and
 * its team and owner when it has them. A row with no team or owner passes null, which never meets
 * same_team or same_user.
 */
export type PolicySubject = { project_id: string; team_id?: string | null; user_id?: string | null };

/** Told of every policy question; tests use it to prove that an operation asks one. */
export type PolicyProbe = (question: { resource: PolicyResource; action: string }) => void;

let policyProbe: PolicyProbe | undefined;

/** Test hook (authorization-coverage.test.ts): install a probe, or remove it with undefined. */
export const setPolicyProbe = (probe: PolicyProbe | undefined): void => {
  policyProbe = probe;
};

/** The caller as the policy sees them. */
export const policyUser = (ctx: ProjectContext): PolicyUser => ({
  user_id: ctx.user.id,
  team_ids: ctx.membership.teamIds,
  admin_team_ids: ctx.membership.adminTeamIds,
  project_id: ctx.membership.projectId,
});

/**
 * The policy's answer for the caller on this resource and action, about `object` (or about the
 * project as a whole when there is none). Queries that filter lists read `allowed`, `needed` and
 * `missing` from it; everything else calls `authorize`.
 */
export const policyFor = <R extends PolicyResource>(
  ctx: ProjectContext,
  resource: R,
  action: PolicyActionOf<R>,
  object?: PolicySubject,
): PolicyResult => {
  policyProbe?.({ resource, action });
  return evaluatePolicy({
    role: ctx.membership.role,
    resource,
    action,
    user: policyUser(ctx),
    object,
  });
};

/** Deny by default: throws ACCESS_DENIED unless the policy allows the caller this action on this object. */
export const authorize = <R extends PolicyResource>(
  ctx: ProjectContext,
  resource: R,
  action: PolicyActionOf<R>,
  object?: PolicySubject,
): void => {
  if (policyFor(ctx, resource, action, object).allowed) return;
  throw new AppError("ACCESS_DENIED", "Access denied. Please contact your team admin.", { resource, action });
};

/** The caller's teams in the project, for list queries that a team scope narrows (`team_id in ...`). */
export const callerTeamIds = (ctx: ProjectContext): readonly string[] => ctx.membership.teamIds;
