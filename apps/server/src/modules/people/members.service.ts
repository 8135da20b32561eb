import type { Db, Executor } from "../../platform/db/client.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { type ListScope, listScope } from "../../platform/http/list-scope.ts";
import { isSignInLocked } from "../auth/lockout.ts";
import { type LoadedMember, loadMemberFor } from "./member-access.ts";
import {
  countMembers,
  listMembers,
  listMemberTeams,
  type MemberFilter,
  type MemberRecord,
  recentCardholderIds,
} from "./members.repo.ts";
import {
  type ProjectUserDto,
  RECENT_USERS_MAX,
  USERS_PAGE_SIZE,
  type UserListDto,
  type UsersArgs,
  usersArgsSchema,
} from "./members.schemas.ts";

export type PeopleDeps = { db: Db; now: () => Date };

export const toProjectUserDto = (
  member: MemberRecord,
  teams: readonly { id: string; name: string }[],
  now: Date,
): ProjectUserDto => ({
  id: member.userId,
  user_id: member.userId,
  full_name: member.fullName,
  email: member.email,
  role: member.role,
  teams: teams.map(({ id, name }) => ({ id, name })),
  limit_control: {
    max_monthly_limit: member.maxMonthlyLimit,
    allow_issuing_cards_to_self: member.allowIssuingCardsToSelf,
  },
  locked: isSignInLocked(member, now),
});

/** The members a list scope reaches: everyone, the members of the caller's teams (and the caller), or the caller alone. */
const scopeFilter = (scope: ListScope): MemberFilter => ({
  teamIds: scope.kind === "team" ? scope.teamIds : undefined,
  alsoUserId: scope.kind === "team" ? scope.userId : undefined,
  userId: scope.kind === "own" ? scope.userId : undefined,
});

const withTeams = async (db: Executor, projectId: string, members: MemberRecord[], now: Date) => {
  const memberships = await listMemberTeams(
    db,
    projectId,
    members.map((member) => member.userId),
  );
  return members.map((member) =>
    toProjectUserDto(
      member,
      memberships.filter((team) => team.userId === member.userId),
      now,
    ),
  );
};

/**
 * The project's members the caller may read (user read): everyone for owners and accountants, the members of
 * their teams for team admins, themselves for employees. A page of at most 200, with the count of all.
 */
export const listProjectUsers = async (
  deps: PeopleDeps,
  ctx: ProjectContext,
  input: UsersArgs,
): Promise<UserListDto> => {
  const args = usersArgsSchema.parse(input);
  const projectId = ctx.membership.projectId;
  const filter: MemberFilter = {
    ...scopeFilter(listScope(ctx, "user", "read")),
    search: args.search || undefined,
    roles: args.roles ?? undefined,
    memberOfTeamIds: args.team_ids ?? undefined,
  };
  const limit = args.limit ?? USERS_PAGE_SIZE;
  const [members, total] = await Promise.all([
    listMembers(deps.db, projectId, filter, { offset: ((args.page ?? 1) - 1) * limit, limit }),
    countMembers(deps.db, projectId, filter),
  ]);
  return { nodes: await withTeams(deps.db, projectId, members, deps.now()), total_count: total };
};

/**
 * Spec 7, `GET /users/recents`: the members the caller most recently issued cards to, newest first, those the caller
 * may still read (someone who left the company, or moved out of a team admin's teams, is left out).
 */
export const recentProjectUsers = async (deps: PeopleDeps, ctx: ProjectContext): Promise<UserListDto> => {
  const projectId = ctx.membership.projectId;
  const ids = await recentCardholderIds(deps.db, projectId, ctx.user.id, RECENT_USERS_MAX);
  if (ids.length === 0) return { nodes: [], total_count: 0 };
  const members = await listMembers(deps.db, projectId, {
    ...scopeFilter(listScope(ctx, "user", "read")),
    userIds: ids,
  });
  const byId = new Map(members.map((member) => [member.userId, member]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  return { nodes: await withTeams(deps.db, projectId, ordered, deps.now()), total_count: ordered.length };
};

/** Spec 7, user count: how many members the caller may read. */
export const countProjectUsers = (db: Db, ctx: ProjectContext): Promise<number> =>
  countMembers(db, ctx.membership.projectId, scopeFilter(listScope(ctx, "user", "read")));

/** One member as the caller may read them (after a change, the row the page shows). */
export const getProjectUserFor = async (deps: PeopleDeps, ctx: ProjectContext, userId: string) => {
  const member: LoadedMember = await loadMemberFor(deps.db, ctx, userId, "read");
  return toProjectUserDto(member, member.teams, deps.now());
};
