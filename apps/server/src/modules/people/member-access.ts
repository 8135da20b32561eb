import { isUuid, type PolicyActionOf } from "@kort/core";
import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { authorize, type PolicySubject, policyFor } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { lockMembership } from "./member-changes.repo.ts";
import { findMember, listMemberTeams, type MemberRecord } from "./members.repo.ts";

export type UserAction = PolicyActionOf<"user">;

/** A member as the policy sees them: the record and their live teams in the project. */
export type LoadedMember = MemberRecord & { projectId: string; teams: { id: string; name: string }[] };

/**
 * The policy object of a member. A user can be in several teams while the object has one team: a team the
 * caller administers when there is one (so a team admin reaches the members of each team they run), else one
 * shared with the caller, else any of theirs, else none.
 */
export const memberSubject = (
  ctx: ProjectContext,
  member: { userId: string; projectId: string; teamIds: readonly string[] },
): PolicySubject => ({
  project_id: member.projectId,
  user_id: member.userId,
  team_id:
    member.teamIds.find((id) => ctx.membership.adminTeamIds.includes(id)) ??
    member.teamIds.find((id) => ctx.membership.teamIds.includes(id)) ??
    member.teamIds[0] ??
    null,
});

export const accessDenied = (resource: string, action: string): AppError =>
  new AppError("ACCESS_DENIED", "Access denied. Please contact your team admin.", { resource, action });

export const userNotFound = (): AppError => new AppError("NOT_FOUND", "The user was not found.");

/**
 * Refuses a role that may never take the action on any user before anything is looked up, so such a caller
 * learns nothing about which user ids exist.
 */
export const assertMayEver = (ctx: ProjectContext, action: UserAction): void => {
  if (!policyFor(ctx, "user", action).possibly_allowed) throw accessDenied("user", action);
};

const loadMember = async (db: Executor, projectId: string, userId: string): Promise<LoadedMember | null> => {
  const member = isUuid(userId) ? await findMember(db, projectId, userId) : null;
  if (!member) return null;
  const teams = (await listMemberTeams(db, projectId, [userId])).map(({ id, name }) => ({ id, name }));
  return { ...member, projectId, teams };
};

const authorizeMember = (ctx: ProjectContext, action: UserAction, member: LoadedMember): void =>
  authorize(ctx, "user", action, memberSubject(ctx, { ...member, teamIds: member.teams.map((team) => team.id) }));

/** A member of the caller's project the policy lets the caller act on; another project's user is NOT_FOUND. */
export const loadMemberFor = async (
  db: Executor,
  ctx: ProjectContext,
  userId: string,
  action: UserAction,
): Promise<LoadedMember> => {
  assertMayEver(ctx, action);
  const member = await loadMember(db, ctx.membership.projectId, userId);
  if (!member) throw userNotFound();
  authorizeMember(ctx, action, member);
  return member;
};

/**
 * Serialises changes to the project's memberships (role changes and removals), so two requests cannot each
 * see another owner and both demote the last two.
 */
export const lockProjectMemberships = async (tx: Executor, projectId: string): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`kort.memberships:${projectId}`}))`);
};

/** As loadMemberFor, with the membership row locked for the caller's transaction. */
export const lockMemberFor = async (
  tx: Executor,
  ctx: ProjectContext,
  userId: string,
  action: UserAction,
): Promise<LoadedMember> => {
  assertMayEver(ctx, action);
  const locked = isUuid(userId) && (await lockMembership(tx, ctx.membership.projectId, userId));
  const member = locked ? await loadMember(tx, ctx.membership.projectId, userId) : null;
  if (!member) throw userNotFound();
  authorizeMember(ctx, action, member);
  return member;
};
