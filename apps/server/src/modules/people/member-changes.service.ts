import { assignableRoles } from "@kort/core";
import { writeAudit } from "../../platform/audit/audit.ts";
import type { Tx } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { unlockUser } from "../auth/lockout.ts";
import { type LoadedMember, lockMemberFor, lockProjectMemberships, type UserAction } from "./member-access.ts";
import {
  countProjectOwners,
  setTeamAdminFlags,
  updateMemberLimitControl,
  updateMemberRole,
} from "./member-changes.repo.ts";
import {
  type SetRoleInput,
  type SetUserLimitControlInput,
  setRoleSchema,
  setUserLimitControlSchema,
  type UserIdInput,
  userIdSchema,
} from "./members.schemas.ts";
import type { PeopleDeps } from "./members.service.ts";

/** What a change wrote, for its audit row; null when nothing changed. */
type AuditedChange = { auditAction: string; data: Record<string, unknown> } | null;

/**
 * One change to a member, in one transaction: lock the membership (NOT_FOUND outside the caller's project), ask
 * the policy with the member as stored, apply the change and append the audit row.
 */
export const changeMember = (
  deps: PeopleDeps,
  ctx: ProjectContext,
  userId: string,
  action: UserAction,
  apply: (tx: Tx, member: LoadedMember, now: Date) => Promise<AuditedChange>,
): Promise<void> => {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await lockProjectMemberships(tx, ctx.membership.projectId);
    const member = await lockMemberFor(tx, ctx, userId, action);
    const change = await apply(tx, member, now);
    if (!change) return;
    await writeAudit(tx, {
      action: change.auditAction,
      objectType: "user",
      objectId: member.userId,
      projectId: member.projectId,
      actorUserId: ctx.user.id,
      data: change.data,
      requestId: ctx.requestId,
      at: now,
    });
  });
};

/**
 * Spec 7, set role. The caller needs user manage-role on the member and the role among those they may assign
 * (lack of rights: ACCESS_DENIED); the last project owner cannot be demoted (LAST_PROJECT_OWNER). A team admin
 * administers the teams they are in; leaving the role ends that.
 */
export const setMemberRole = async (deps: PeopleDeps, ctx: ProjectContext, input: SetRoleInput): Promise<string> => {
  const args = setRoleSchema.parse(input);
  await changeMember(deps, ctx, args.user_id, "manage-role", async (tx, member, now) => {
    if (!assignableRoles(ctx.membership.role).includes(args.role_name)) {
      throw new AppError("ACCESS_DENIED", "You may not give this role.", {
        resource: "user",
        action: "manage-role",
        role_name: args.role_name,
      });
    }
    if (member.role === args.role_name) return null;
    if (member.role === "project_owner" && (await countProjectOwners(tx, member.projectId)) <= 1) {
      throw new AppError("LAST_PROJECT_OWNER", "The company needs at least one administrator.");
    }
    await updateMemberRole(tx, member.projectId, member.userId, args.role_name, now);
    if (args.role_name === "team_admin" || member.role === "team_admin") {
      await setTeamAdminFlags(tx, member.projectId, member.userId, args.role_name === "team_admin");
    }
    return { auditAction: "user.set_role", data: { from: member.role, to: args.role_name } };
  });
  return args.user_id;
};

/** Spec 7, set user limit control: the most the member may put on a card per month, and self-issuing. */
export const setMemberLimitControl = async (
  deps: PeopleDeps,
  ctx: ProjectContext,
  input: SetUserLimitControlInput,
): Promise<string> => {
  const args = setUserLimitControlSchema.parse(input);
  await changeMember(deps, ctx, args.user_id, "set-limit-control", async (tx, member, now) => {
    const control = {
      maxMonthlyLimit: args.max_monthly_limit ?? null,
      allowIssuingCardsToSelf: args.allow_issuing_cards_to_self,
    };
    await updateMemberLimitControl(tx, member.projectId, member.userId, control, now);
    return {
      auditAction: "user.set_limit_control",
      data: {
        from: {
          max_monthly_limit: member.maxMonthlyLimit,
          allow_issuing_cards_to_self: member.allowIssuingCardsToSelf,
        },
        to: {
          max_monthly_limit: control.maxMonthlyLimit,
          allow_issuing_cards_to_self: control.allowIssuingCardsToSelf,
        },
      },
    };
  });
  return args.user_id;
};

/**
 * Unlock (user reapprove): lifts a temporary or permanent sign-in lock. The lock is the person's, so it is
 * lifted for every company they belong to; auth writes the audit row, with this project on it.
 */
export const unlockMember = async (deps: PeopleDeps, ctx: ProjectContext, input: UserIdInput): Promise<string> => {
  const args = userIdSchema.parse(input);
  await changeMember(deps, ctx, args.user_id, "reapprove", async (tx, member, now) => {
    await unlockUser(tx, member.userId, now, {
      requestId: ctx.requestId,
      actorUserId: ctx.user.id,
      projectId: member.projectId,
    });
    return null;
  });
  return args.user_id;
};
