import type { RoleName } from "@kort/core";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { sameCompanyRow } from "../../platform/db/company-join.ts";
import { type InviteRow, invites, teams } from "../../platform/db/schema/index.ts";

export type PendingInviteRecord = {
  id: string;
  email: string;
  role: RoleName;
  teamId: string | null;
  teamName: string | null;
  createdAt: Date;
  expiresAt: Date;
};

/**
 * The project's open invitations, newest first: expired, revoked and accepted ones are left out. `teamIds`
 * keeps those to one of these teams.
 */
export const listPendingInvites = (
  db: Executor,
  projectId: string,
  now: Date,
  teamIds?: readonly string[],
): Promise<PendingInviteRecord[]> => {
  if (teamIds?.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: invites.id,
      email: invites.email,
      role: invites.role,
      teamId: invites.teamId,
      teamName: teams.name,
      createdAt: invites.createdAt,
      expiresAt: invites.expiresAt,
    })
    .from(invites)
    .leftJoin(teams, sameCompanyRow(teams, [invites.projectId, invites.teamId], isNull(teams.deletedAt)))
    .where(
      and(
        eq(invites.projectId, projectId),
        isNull(invites.acceptedAt),
        isNull(invites.revokedAt),
        gt(invites.expiresAt, now),
        teamIds ? inArray(invites.teamId, [...teamIds]) : undefined,
      ),
    )
    .orderBy(desc(invites.createdAt), desc(invites.id));
};

/** An invitation of the project, locked for the caller's transaction; another project's reads as absent. */
export const lockProjectInvite = async (tx: Executor, projectId: string, id: string): Promise<InviteRow | null> => {
  const [row] = await tx
    .select()
    .from(invites)
    .where(and(eq(invites.id, id), eq(invites.projectId, projectId)))
    .for("update")
    .limit(1);
  return row ?? null;
};

export const markInviteRevoked = async (
  tx: Executor,
  invite: Pick<InviteRow, "id" | "projectId">,
  now: Date,
): Promise<void> => {
  await tx
    .update(invites)
    .set({ revokedAt: now })
    .where(and(eq(invites.projectId, invite.projectId), eq(invites.id, invite.id)));
};

/** Serialises invitations of one e-mail to one project, so two clicks cannot make two open invitations. */
export const lockInviteEmail = async (tx: Executor, projectId: string, email: string): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`kort.invite:${projectId}:${email}`}))`);
};
