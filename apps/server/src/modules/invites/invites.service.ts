import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { emailSchema, type Locale, type RoleName } from "@kort/core";
import { writeAudit } from "../../platform/audit/audit.ts";
import type { Config } from "../../platform/config.ts";
import type { Executor, Tx } from "../../platform/db/client.ts";
import type { InviteRow } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/errors.ts";
import { linkTo, publicBaseUrl } from "../../platform/outbox/links.ts";
import { addProjectMember, findProjectTeam, isProjectMember } from "../projects/memberships.service.ts";
import { sendInvitationEmail } from "./invites.messages.ts";
import {
  findInviteDetails,
  findNewestPendingInvite,
  findPendingInviteInProject,
  findUserIdByEmail,
  insertInvite,
  lockInvite,
  markInviteAccepted,
} from "./invites.repo.ts";

/** An invitation is open for a week. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hashInviteToken = (token: string): string => createHash("sha256").update(token).digest("hex");

export type CreateInviteInput = {
  projectId: string;
  email: string;
  role: RoleName;
  teamId?: string | null;
  maxMonthlyLimit?: number | null;
  allowIssuingCardsToSelf?: boolean;
  invitedBy?: string | null;
};

export type CreatedInvite = { id: string; email: string; token: string; expiresAt: Date; projectId: string };

/**
 * Creates an invitation (spec section 5): the e-mail must not be a member already (ALREADY_MEMBER) or have an
 * open invitation to the project (ALREADY_INVITED; expired ones do not count); a team admin needs a team of
 * the project. Answers the link secret once; only its SHA-256 is stored. Authorisation is the caller's.
 */
export const createInvite = async (
  db: Executor,
  input: CreateInviteInput,
  now: Date,
  ttlMs: number = INVITE_TTL_MS,
): Promise<CreatedInvite> => {
  const email = emailSchema.parse(input.email);
  const teamId = input.teamId ?? null;
  if (input.role === "team_admin" && !teamId) {
    throw new AppError("VALIDATION_FAILED", "A team admin's invitation needs a team.", {
      issues: [{ path: "team_id", code: "custom", message: "validation.required" }],
    });
  }
  if (teamId && !(await findProjectTeam(db, input.projectId, teamId))) {
    throw new AppError("NOT_FOUND", "The team was not found.");
  }
  const userId = await findUserIdByEmail(db, email);
  if (userId && (await isProjectMember(db, input.projectId, userId))) {
    throw new AppError("ALREADY_MEMBER", "This user is already a member.");
  }
  if (await findPendingInviteInProject(db, input.projectId, email, now)) {
    throw new AppError("ALREADY_INVITED", "This user is already invited.");
  }
  const token = randomBytes(32).toString("base64url");
  const row = await insertInvite(db, {
    projectId: input.projectId,
    email,
    role: input.role,
    teamId,
    maxMonthlyLimit: input.maxMonthlyLimit ?? null,
    allowIssuingCardsToSelf: input.allowIssuingCardsToSelf ?? true,
    tokenHash: hashInviteToken(token),
    invitedBy: input.invitedBy ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return { id: row.id, email, token, expiresAt: row.expiresAt, projectId: row.projectId };
};

/** The web app's acceptance page for an invitation: `/invites/accept?invite_id=<id>&token=<secret>`. */
export const invitationLink = (base: string, invite: { id: string; token: string }): string =>
  linkTo(base, "/invites/accept", { invite_id: invite.id, token: invite.token });

/** Writes the invitation e-mail with its link on `deps.db` (the inviting transaction) (KORT_PUBLIC_URL, or the request's origin outside production). */
export const sendInvitation = async (
  deps: { db: Executor; config: Pick<Config, "publicUrl" | "demoMode"> },
  request: { origin: string | undefined; locale: Locale },
  invite: CreatedInvite,
): Promise<void> => {
  const details = await findInviteDetails(deps.db, invite.id);
  if (!details) throw new AppError("INVITATION_NOT_FOUND", "The invitation was not found.");
  await sendInvitationEmail(deps.db, request.locale, {
    to: invite.email,
    link: invitationLink(publicBaseUrl(deps.config, request.origin), invite),
    projectTitle: details.projectTitle,
    inviterName: details.inviterName,
    expiresAt: invite.expiresAt,
  });
};

/** Whether someone has invited this e-mail to any project, and the invitation is still open. */
export const hasPendingInvite = async (db: Executor, email: string, now: Date): Promise<boolean> =>
  (await findNewestPendingInvite(db, email, now)) !== null;

export const findPendingInviteForEmail = findNewestPendingInvite;

export const inviteTokenMatches = (invite: Pick<InviteRow, "tokenHash">, token: string): boolean => {
  const given = Buffer.from(hashInviteToken(token), "hex");
  const stored = Buffer.from(invite.tokenHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
};

/**
 * Why an invitation cannot be used now, or null: revoked and accepted ones read as not found (a link is
 * good once), expired ones as INVITATION_EXPIRED.
 */
export const inviteUnusable = (invite: InviteRow, now: Date): AppError | null => {
  if (invite.revokedAt || invite.acceptedAt) {
    return new AppError("INVITATION_NOT_FOUND", "The invitation was not found.");
  }
  if (invite.expiresAt <= now) return new AppError("INVITATION_EXPIRED", "The invitation has expired.");
  return null;
};

/** Makes the invited user a member with the invitation's role, team and limit control; marks it accepted. */
export const joinThroughInvite = async (
  tx: Executor,
  invite: InviteRow,
  userId: string,
  now: Date,
  requestId: string,
): Promise<void> => {
  await addProjectMember(tx, {
    projectId: invite.projectId,
    userId,
    role: invite.role,
    teamId: invite.teamId,
    maxMonthlyLimit: invite.maxMonthlyLimit,
    allowIssuingCardsToSelf: invite.allowIssuingCardsToSelf,
    now,
  });
  await markInviteAccepted(tx, invite, userId, now);
  await writeAudit(tx, {
    action: "invite.accepted",
    objectType: "invite",
    objectId: invite.id,
    projectId: invite.projectId,
    actorUserId: userId,
    data: { role: invite.role, team_id: invite.teamId },
    requestId,
    at: now,
  });
};

export type InviteStatus = "pending" | "accepted" | "expired";

export type InviteView = {
  id: string;
  email: string;
  company: { id: string; title: string };
  role: RoleName;
  team: { id: string; name: string } | null;
  inviter: { full_name: string } | null;
  expires_at: Date;
  status: InviteStatus;
};

/** What the acceptance page shows of an invitation; null for none, or a revoked one. */
export const findInviteView = async (db: Executor, id: string, now: Date): Promise<InviteView | null> => {
  const invite = await findInviteDetails(db, id);
  if (!invite || invite.revokedAt) return null;
  const status: InviteStatus = invite.acceptedAt ? "accepted" : invite.expiresAt <= now ? "expired" : "pending";
  return {
    id: invite.id,
    email: invite.email,
    company: { id: invite.projectId, title: invite.projectTitle },
    role: invite.role,
    team: invite.teamId && invite.teamName ? { id: invite.teamId, name: invite.teamName } : null,
    inviter: invite.inviterName ? { full_name: invite.inviterName } : null,
    expires_at: invite.expiresAt,
    status,
  };
};

/** GET /v1/invites/{id}. */
export const getInvite = async (db: Executor, id: string, now: Date): Promise<InviteView> => {
  const view = await findInviteView(db, id, now);
  if (!view) throw new AppError("INVITATION_NOT_FOUND", "The invitation was not found.");
  return view;
};

/** The invitation, locked for the caller's transaction (acceptance, sign-up completion). */
export const lockInviteForUse = (tx: Tx, id: string): Promise<InviteRow | null> => lockInvite(tx, id);

/** Whether the user with this e-mail exists, and is a member of the invitation's project. */
export const inviteeMembership = async (
  db: Executor,
  invite: InviteRow,
): Promise<{ userId: string | null; member: boolean }> => {
  const userId = await findUserIdByEmail(db, invite.email);
  return { userId, member: userId ? await isProjectMember(db, invite.projectId, userId) : false };
};
