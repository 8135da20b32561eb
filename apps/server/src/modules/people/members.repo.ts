import type { RoleName } from "@kort/core";
import { and, asc, count, desc, eq, ilike, inArray, isNull, max, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { icelandic } from "../../platform/db/collation.ts";
import { sameCompanyRow } from "../../platform/db/company-join.ts";
import { containsPattern } from "../../platform/db/like.ts";
import { cards, projectMembers, teamMembers, teams, users } from "../../platform/db/schema/index.ts";

export type MemberRecord = {
  userId: string;
  fullName: string;
  email: string;
  role: RoleName;
  maxMonthlyLimit: number | null;
  allowIssuingCardsToSelf: boolean;
  lockedUntil: Date | null;
  lockedPermanently: boolean;
};

export type MemberFilter = {
  search?: string | undefined;
  /** Only members of at least one of these teams (and `alsoUserId`, when set). */
  teamIds?: readonly string[] | undefined;
  /** With teamIds: this user as well, whatever their teams (a team admin sees themself). */
  alsoUserId?: string | undefined;
  /** Only this user. */
  userId?: string | undefined;
  /** Asked for, within the scope above: only these users, members with one of these roles, or of one of these teams. */
  userIds?: readonly string[] | undefined;
  roles?: readonly RoleName[] | undefined;
  memberOfTeamIds?: readonly string[] | undefined;
};

export type Page = { offset: number; limit: number };

const memberColumns = {
  userId: users.id,
  fullName: users.fullName,
  email: users.email,
  role: projectMembers.role,
  maxMonthlyLimit: projectMembers.maxMonthlyLimit,
  allowIssuingCardsToSelf: projectMembers.allowIssuingCardsToSelf,
  lockedUntil: users.lockedUntil,
  lockedPermanently: users.lockedPermanently,
};

const inTeams = (projectId: string, teamIds: readonly string[]): SQL => {
  if (teamIds.length === 0) return sql`false`;
  return sql`exists (
    select 1 from ${teamMembers} tm join ${teams} t on t.project_id = tm.project_id and t.id = tm.team_id and t.deleted_at is null
    where tm.project_id = ${projectId} and tm.user_id = ${users.id}
      and tm.team_id in (${sql.join(
        teamIds.map((id) => sql`${id}`),
        sql`, `,
      )})
  )`;
};

const memberWhere = (projectId: string, filter: MemberFilter): SQL | undefined =>
  and(
    eq(projectMembers.projectId, projectId),
    filter.search
      ? or(ilike(users.fullName, containsPattern(filter.search)), ilike(users.email, containsPattern(filter.search)))
      : undefined,
    filter.teamIds
      ? filter.alsoUserId
        ? or(inTeams(projectId, filter.teamIds), eq(users.id, filter.alsoUserId))
        : inTeams(projectId, filter.teamIds)
      : undefined,
    filter.userId ? eq(users.id, filter.userId) : undefined,
    filter.userIds ? inArray(users.id, [...filter.userIds]) : undefined,
    filter.roles ? inArray(projectMembers.role, [...filter.roles]) : undefined,
    filter.memberOfTeamIds ? inTeams(projectId, filter.memberOfTeamIds) : undefined,
  );

/** The project's members (users with a role in it), in Icelandic alphabetical order of their names. */
export const listMembers = (
  db: Executor,
  projectId: string,
  filter: MemberFilter,
  page?: Page,
): Promise<MemberRecord[]> => {
  const query = db
    .select(memberColumns)
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(memberWhere(projectId, filter))
    .orderBy(icelandic(users.fullName), asc(users.email), asc(users.id));
  return page ? query.offset(page.offset).limit(page.limit) : query;
};

/** How many members match the filter, on every page. */
export const countMembers = async (db: Executor, projectId: string, filter: MemberFilter): Promise<number> => {
  const [row] = await db
    .select({ total: count() })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(memberWhere(projectId, filter));
  return row?.total ?? 0;
};

/** One member of the project, or null (a user of another project reads as absent). */
export const findMember = async (db: Executor, projectId: string, userId: string): Promise<MemberRecord | null> => {
  const [row] = await listMembers(db, projectId, { userId });
  return row ?? null;
};

/** The live teams of each of these members in the project. */
export const listMemberTeams = (
  db: Executor,
  projectId: string,
  userIds: readonly string[],
): Promise<{ userId: string; id: string; name: string }[]> =>
  userIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ userId: teamMembers.userId, id: teams.id, name: teams.name })
        .from(teamMembers)
        .innerJoin(teams, sameCompanyRow(teams, [teamMembers.projectId, teamMembers.teamId], isNull(teams.deletedAt)))
        .where(and(eq(teamMembers.projectId, projectId), inArray(teamMembers.userId, [...userIds])))
        .orderBy(icelandic(teams.name));

/**
 * The people this user most recently issued cards to in the project, newest first: the cardholder pickers' recent
 * choices. Read from the cards themselves (`created_by`), so nothing more is stored to remember them.
 */
export const recentCardholderIds = async (
  db: Executor,
  projectId: string,
  issuerId: string,
  limit: number,
): Promise<string[]> => {
  const rows = await db
    .select({ userId: cards.cardholderId })
    .from(cards)
    .where(and(eq(cards.projectId, projectId), eq(cards.createdBy, issuerId)))
    .groupBy(cards.cardholderId)
    .orderBy(desc(max(cards.createdAt)), asc(cards.cardholderId))
    .limit(limit);
  return rows.map((row) => row.userId);
};
