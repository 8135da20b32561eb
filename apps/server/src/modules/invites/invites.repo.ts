import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor, Tx } from "../../platform/db/client.ts";
import { sameCompanyRow } from "../../platform/db/company-join.ts";
import { type InviteRow, inviteLinks, invites, projects, teams, users } from "../../platform/db/schema/index.ts";

export type NewInvite = Omit<InviteRow, "id" | "acceptedAt" | "acceptedBy" | "revokedAt">;

export const insertInvite = async (db: Executor, values: NewInvite): Promise<InviteRow> => {
  const [row] = await db.insert(invites).values(values).returning();
  if (!row) throw new Error("invite insert returned nothing");
  return row;
};

export type InviteDetails = InviteRow & { projectTitle: string; teamName: string | null; inviterName: string | null };

const inviter = alias(users, "inviter");

/**
 * The company of the invitation a link or a sign-up names by id, from the invitation directory (docs/scaling.md,
 * blocker 2); every read of the invitation then names it.
 */
const inviteCompany = async (db: Executor, id: string): Promise<string | null> => {
  const [row] = await db
    .select({ projectId: inviteLinks.projectId })
    .from(inviteLinks)
    .where(eq(inviteLinks.inviteId, id));
  return row?.projectId ?? null;
};

/** An invitation with the names the acceptance page shows. */
export const findInviteDetails = async (db: Executor, id: string): Promise<InviteDetails | null> => {
  const projectId = await inviteCompany(db, id);
  if (!projectId) return null;
  const [row] = await db
    .select({ invite: invites, projectTitle: projects.title, teamName: teams.name, inviterName: inviter.fullName })
    .from(invites)
    .innerJoin(projects, eq(projects.id, invites.projectId))
    .leftJoin(teams, sameCompanyRow(teams, [invites.projectId, invites.teamId]))
    .leftJoin(inviter, eq(inviter.id, invites.invitedBy))
    .where(and(eq(invites.projectId, projectId), eq(invites.id, id)))
    .limit(1);
  return row
    ? { ...row.invite, projectTitle: row.projectTitle, teamName: row.teamName, inviterName: row.inviterName }
    : null;
};

export const lockInvite = async (tx: Tx, id: string): Promise<InviteRow | null> => {
  const projectId = await inviteCompany(tx, id);
  if (!projectId) return null;
  const [row] = await tx
    .select()
    .from(invites)
    .where(and(eq(invites.projectId, projectId), eq(invites.id, id)))
    .for("update")
    .limit(1);
  return row ?? null;
};

const pending = (now: Date) => and(isNull(invites.acceptedAt), isNull(invites.revokedAt), gt(invites.expiresAt, now));

/** The newest invitation still open for this e-mail in any project; expired ones are ignored. */
export const findNewestPendingInvite = async (db: Executor, email: string, now: Date): Promise<InviteRow | null> => {
  const [row] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.email, email), pending(now)))
    .orderBy(desc(invites.createdAt))
    .limit(1);
  return row ?? null;
};

export const findPendingInviteInProject = async (
  db: Executor,
  projectId: string,
  email: string,
  now: Date,
): Promise<InviteRow | null> => {
  const [row] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.projectId, projectId), eq(invites.email, email), pending(now)))
    .limit(1);
  return row ?? null;
};

export const markInviteAccepted = async (
  db: Executor,
  invite: Pick<InviteRow, "id" | "projectId">,
  userId: string,
  now: Date,
): Promise<void> => {
  await db
    .update(invites)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(invites.projectId, invite.projectId), eq(invites.id, invite.id)));
};

export const findUserIdByEmail = async (db: Executor, email: string): Promise<string | null> => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id ?? null;
};
