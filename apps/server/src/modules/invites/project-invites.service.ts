import { assignableRoles } from "@kort/core";
import { writeAudit } from "../../platform/audit/audit.ts";
import type { Executor } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { authorize, type PolicySubject, policyFor } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { listScope } from "../../platform/http/list-scope.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { findProjectTeam } from "../projects/memberships.service.ts";
import { createInvite, inviteUnusable, sendInvitation } from "./invites.service.ts";
import { listPendingInvites, lockInviteEmail, lockProjectInvite, markInviteRevoked } from "./project-invites.repo.ts";
import {
  type InviteIdInput,
  inviteIdSchema,
  type PendingInviteDto,
  type SendProjectInviteInput,
  sendProjectInviteSchema,
} from "./project-invites.schemas.ts";

const denied = (action: string, details: Record<string, unknown> = {}): AppError =>
  new AppError("ACCESS_DENIED", "Access denied. Please contact your team admin.", {
    resource: "user",
    action,
    ...details,
  });

const notFound = (): AppError => new AppError("INVITATION_NOT_FOUND", "The invitation was not found.");

/** Refuses a role that may never invite before anything is looked up. */
const assertMayInvite = (ctx: ProjectContext): void => {
  if (!policyFor(ctx, "user", "invite").possibly_allowed) throw denied("invite");
};

/** An invitation as a policy object: of its project and its team; it has no user yet. */
const inviteSubject = (invite: { projectId: string; teamId: string | null }): PolicySubject => ({
  project_id: invite.projectId,
  team_id: invite.teamId,
  user_id: null,
});

/**
 * Spec 7, pending project invites: the open invitations the caller may see, read as user read (people to be):
 * all of the project's, those to the caller's teams in team scope, none in own scope.
 */
export const listPendingProjectInvites = async (
  deps: Pick<AppDeps, "db" | "now">,
  ctx: ProjectContext,
): Promise<PendingInviteDto[]> => {
  const scope = listScope(ctx, "user", "read");
  if (scope.kind === "own") return [];
  const projectId = ctx.membership.projectId;
  const rows = await listPendingInvites(
    deps.db,
    projectId,
    deps.now(),
    scope.kind === "team" ? scope.teamIds : undefined,
  );
  return rows
    .filter((row) => policyFor(ctx, "user", "read", inviteSubject({ projectId, teamId: row.teamId })).allowed)
    .map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      team: row.teamId && row.teamName ? { id: row.teamId, name: row.teamName } : null,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    }));
};

/** The invitation's team, of the caller's project (NOT_FOUND otherwise), and the policy asked with it. */
const authorizeInviteTo = async (db: Executor, ctx: ProjectContext, teamId: string | null): Promise<void> => {
  const projectId = ctx.membership.projectId;
  if (teamId && !(await findProjectTeam(db, projectId, teamId))) {
    throw new AppError("NOT_FOUND", "The team was not found.");
  }
  authorize(ctx, "user", "invite", inviteSubject({ projectId, teamId }));
};

/**
 * Spec 7, send project invite: user invite, with a role the caller may assign (ACCESS_DENIED otherwise). An
 * e-mail of a member or of an open invitation is refused as ALREADY_INVITED; a team admin needs a team (422).
 * The invitation e-mail with the accept link is written to the outbox in the same transaction (delivered after
 * commit), so an invitation and its e-mail exist together or not at all. Answers the invitation's id.
 */
export const sendProjectInvite = async (
  deps: AppDeps,
  ctx: ProjectContext,
  input: SendProjectInviteInput,
): Promise<string> => {
  assertMayInvite(ctx);
  const args = sendProjectInviteSchema.parse(input);
  const teamId = args.team_id ?? null;
  await authorizeInviteTo(deps.db, ctx, teamId);
  if (!assignableRoles(ctx.membership.role).includes(args.role_name)) {
    throw denied("invite", { role_name: args.role_name });
  }
  const limitControl = args.settings?.limit_control;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const projectId = ctx.membership.projectId;
    await lockInviteEmail(tx, projectId, args.email);
    const invite = await createInvite(
      tx,
      {
        projectId,
        email: args.email,
        role: args.role_name,
        teamId,
        maxMonthlyLimit: limitControl?.max_monthly_limit ?? null,
        allowIssuingCardsToSelf: limitControl?.allow_issuing_cards_to_self ?? true,
        invitedBy: ctx.user.id,
      },
      now,
    ).catch((error: unknown) => {
      // Spec 5: an e-mail that belongs to a member is refused like one with an open invitation.
      if (error instanceof AppError && error.code === "ALREADY_MEMBER") {
        throw new AppError("ALREADY_INVITED", "This user is already invited.", { reason: "member" });
      }
      throw error;
    });
    await writeAudit(tx, {
      action: "invite.sent",
      objectType: "invite",
      objectId: invite.id,
      projectId,
      actorUserId: ctx.user.id,
      data: {
        email: invite.email,
        role: args.role_name,
        team_id: teamId,
        limit_control: limitControl ?? null,
      },
      requestId: ctx.requestId,
      at: now,
    });
    await sendInvitation({ db: tx, config: deps.config }, ctx, invite);
    return invite.id;
  });
};

/** Spec 7, revoke invite: an open invitation of the caller's project; its link stops working at once. */
export const revokeProjectInvite = async (
  deps: Pick<AppDeps, "db" | "now">,
  ctx: ProjectContext,
  input: InviteIdInput,
): Promise<boolean> => {
  assertMayInvite(ctx);
  const parsed = inviteIdSchema.safeParse(input);
  if (!parsed.success) throw notFound();
  const args = parsed.data;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const invite = await lockProjectInvite(tx, ctx.membership.projectId, args.id);
    if (!invite) throw notFound();
    authorize(ctx, "user", "invite", inviteSubject(invite));
    const unusable = inviteUnusable(invite, now);
    if (unusable?.code === "INVITATION_NOT_FOUND") throw notFound();
    await markInviteRevoked(tx, invite, now);
    await writeAudit(tx, {
      action: "invite.revoked",
      objectType: "invite",
      objectId: invite.id,
      projectId: invite.projectId,
      actorUserId: ctx.user.id,
      data: { email: invite.email, role: invite.role, team_id: invite.teamId },
      requestId: ctx.requestId,
      at: now,
    });
  });
  return true;
};
