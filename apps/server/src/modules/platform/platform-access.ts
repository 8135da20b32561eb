import { AppError } from "../../platform/errors.ts";
import { authorize } from "../../platform/http/authorize.ts";
import { type ProjectContext, type RequestContext, requireProject } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { isPlatformOperatorProject } from "./platform.repo.ts";

/** The console's two parts: deciding on companies (`project create`) and unlocking users (`user reapprove`). */
export type ConsoleArea = "companies" | "users";

/**
 * The gate of every platform console operation (docs/decisions.md, "Platform approval"), deny by default:
 * 1. a signed-in member of the X-Project-Id project;
 * 2. whose role the policy allows `project create` there: only platform_owner has it, and nobody can be given
 *    that role (it is never assignable), so this is what makes the caller a platform owner;
 * 3. and the operation's own privilege (`user reapprove` for unlocking; project owners hold it too, but only for
 *    their own members through unlock_user);
 * 4. in the platform operator's own project: the console acts across companies, so a platform_owner membership
 *    anywhere else counts for nothing.
 * The policy is asked before the database, so a refused caller learns nothing about other companies.
 */
export const requirePlatformOwner = async (
  deps: AppDeps,
  kort: RequestContext,
  area: ConsoleArea,
): Promise<ProjectContext> => {
  const ctx = requireProject(kort);
  authorize(ctx, "project", "create");
  if (area === "users") authorize(ctx, "user", "reapprove");
  if (!(await isPlatformOperatorProject(deps.db, ctx.membership.projectId))) {
    throw new AppError("ACCESS_DENIED", "Only the platform operator's own project runs the platform console.");
  }
  return ctx;
};
