import { currentBillingPeriod, isUuid } from "@kort/core";
import type { Db } from "../../platform/db/client.ts";
import { requestBatcher } from "../../platform/graphql/request-batch.ts";
import { authorize, policyFor } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { assertPossiblyAllowed, teamNotFound, teamSubject } from "./team-access.ts";
import { listTeamMembers, type TeamMemberRecord } from "./team-members.repo.ts";
import { findLiveTeam, listLiveTeams, type TeamView } from "./teams.repo.ts";
import { type TeamDto, type TeamPersonDto, type TeamsArgs, teamsArgsSchema } from "./teams.schemas.ts";

/** What the team services need besides the caller: the database and the clock (the current billing period). */
export type TeamDeps = { db: Db; now: () => Date };

const toPerson = (member: TeamMemberRecord): TeamPersonDto => ({
  user_id: member.userId,
  full_name: member.fullName,
  email: member.email,
  is_admin: member.isAdmin,
});

/** A team as the API shows it, from its row and what its page shows beside it (one statement, teams.repo.ts). */
const toTeamDto = (row: TeamView): TeamDto => ({
  id: row.id,
  project_id: row.projectId,
  name: row.name,
  account_code: row.accountCode,
  account_code_name: row.accountCodeName,
  category_id: row.categoryId,
  category:
    row.categoryId && row.categoryCode !== null && row.categoryTitle !== null
      ? { id: row.categoryId, code: row.categoryCode, title: row.categoryTitle }
      : null,
  member_count: row.memberCount,
  monthly_budget: row.monthlyBudget,
  used_monthly_budget: row.used,
  limit_control: { max_monthly: row.maxMonthlyLimit, max_weekly: row.maxWeeklyLimit, max_daily: row.maxDailyLimit },
  all_categories_visible: row.allCategoriesVisible,
  visible_categories: row.allCategoriesVisible ? [] : row.visibleCategories,
  admins: row.admins.map((admin) => ({ ...admin, is_admin: true })),
  created_at: row.createdAt,
});

/**
 * The project's live teams the caller may read (team read), each checked against the policy with its row:
 * every team for owners, accountants and team admins (project scope), their own for employees. `mine` keeps
 * only the caller's own teams, which is what the Teams page shows to those who cannot manage teams.
 */
export const listTeamsFor = async (deps: TeamDeps, ctx: ProjectContext, input: TeamsArgs): Promise<TeamDto[]> => {
  assertPossiblyAllowed(ctx, "read");
  const args = teamsArgsSchema.parse(input);
  const projectId = ctx.membership.projectId;
  const period = currentBillingPeriod(deps.now());
  const rows = await listLiveTeams(deps.db, projectId, period.from, args.mine ? ctx.membership.teamIds : undefined);
  return rows.filter((row) => policyFor(ctx, "team", "read", teamSubject(row)).allowed).map(toTeamDto);
};

/** One live team of the caller's project, if the policy lets the caller read it. */
export const getTeamFor = async (deps: TeamDeps, ctx: ProjectContext, teamId: string): Promise<TeamDto> => {
  assertPossiblyAllowed(ctx, "read");
  const period = currentBillingPeriod(deps.now());
  const row = isUuid(teamId) ? await findLiveTeam(deps.db, ctx.membership.projectId, teamId, period.from) : null;
  if (!row) throw teamNotFound();
  authorize(ctx, "team", "read", teamSubject(row));
  return toTeamDto(row);
};

type MembersKey = { db: Db; team: Pick<TeamDto, "id" | "project_id"> };

// The teams of one answer are of one company (the request's), so one statement reads every listed team's members.
const membersBatch = requestBatcher<MembersKey, TeamPersonDto[]>(async (keys) => {
  const [first] = keys;
  if (!first) return new Map();
  const rows = await listTeamMembers(
    first.db,
    first.team.project_id,
    keys.map((key) => key.team.id),
  );
  return new Map(keys.map((key) => [key, rows.filter((row) => row.teamId === key.team.id).map(toPerson)] as const));
});

/**
 * The members of a team the caller was already allowed to read (the Team's `members` field): every team of a list
 * in one statement per request, not one per team.
 */
export const listMembersOf = async (
  db: Db,
  request: object,
  team: Pick<TeamDto, "id" | "project_id">,
): Promise<TeamPersonDto[]> => (await membersBatch(request, { db, team })) ?? [];
