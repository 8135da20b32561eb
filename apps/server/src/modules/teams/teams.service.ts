import { type BillingPeriod, currentBillingPeriod } from "@kort/core";
import type { Db, Executor } from "../../platform/db/client.ts";
import { authorize, policyFor } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { isUuid } from "../../platform/http/headers.ts";
import { assertPossiblyAllowed, teamNotFound, teamSubject } from "./team-access.ts";
import { listVisibleCategories } from "./team-categories.repo.ts";
import { countTeamMembers, listTeamMembers, type TeamMemberRecord } from "./team-members.repo.ts";
import { usedByTeams } from "./team-spend.repo.ts";
import { findLiveTeam, listLiveTeams, type TeamRecord } from "./teams.repo.ts";
import { type TeamDto, type TeamPersonDto, type TeamsArgs, teamsArgsSchema } from "./teams.schemas.ts";

/** What the team services need besides the caller: the database and the clock (the current billing period). */
export type TeamDeps = { db: Db; now: () => Date };

const toPerson = (member: TeamMemberRecord): TeamPersonDto => ({
  user_id: member.userId,
  full_name: member.fullName,
  email: member.email,
  is_admin: member.isAdmin,
});

/** The teams as the API shows them, with member counts, admins, visible categories and spend in `period`. */
const toTeamDtos = async (
  db: Executor,
  projectId: string,
  rows: readonly TeamRecord[],
  period: BillingPeriod,
): Promise<TeamDto[]> => {
  const ids = rows.map((row) => row.id);
  const [counts, admins, used, visible] = await Promise.all([
    countTeamMembers(db, projectId, ids),
    listTeamMembers(db, projectId, ids, { adminsOnly: true }),
    usedByTeams(db, projectId, ids, period),
    listVisibleCategories(db, projectId, ids),
  ]);
  return rows.map((row) => ({
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
    member_count: counts.get(row.id) ?? 0,
    monthly_budget: row.monthlyBudget,
    used_monthly_budget: used.get(row.id) ?? 0,
    limit_control: { max_monthly: row.maxMonthlyLimit, max_weekly: row.maxWeeklyLimit, max_daily: row.maxDailyLimit },
    all_categories_visible: row.allCategoriesVisible,
    visible_categories: row.allCategoriesVisible
      ? []
      : visible.filter((category) => category.teamId === row.id).map(({ id, code, title }) => ({ id, code, title })),
    admins: admins.filter((admin) => admin.teamId === row.id).map(toPerson),
    created_at: row.createdAt,
  }));
};

/**
 * The project's live teams the caller may read (team read), each checked against the policy with its row:
 * every team for owners, accountants and team admins (project scope), their own for employees. `mine` keeps
 * only the caller's own teams, which is what the Teams page shows to those who cannot manage teams.
 */
export const listTeamsFor = async (deps: TeamDeps, ctx: ProjectContext, input: TeamsArgs): Promise<TeamDto[]> => {
  assertPossiblyAllowed(ctx, "read");
  const args = teamsArgsSchema.parse(input);
  const projectId = ctx.membership.projectId;
  const rows = await listLiveTeams(deps.db, projectId, args.mine ? ctx.membership.teamIds : undefined);
  const readable = rows.filter((row) => policyFor(ctx, "team", "read", teamSubject(row)).allowed);
  return toTeamDtos(deps.db, projectId, readable, currentBillingPeriod(deps.now()));
};

/** One live team of the caller's project, if the policy lets the caller read it. */
export const getTeamFor = async (deps: TeamDeps, ctx: ProjectContext, teamId: string): Promise<TeamDto> => {
  assertPossiblyAllowed(ctx, "read");
  const row = isUuid(teamId) ? await findLiveTeam(deps.db, ctx.membership.projectId, teamId) : null;
  if (!row) throw teamNotFound();
  authorize(ctx, "team", "read", teamSubject(row));
  const [team] = await toTeamDtos(deps.db, row.projectId, [row], currentBillingPeriod(deps.now()));
  if (!team) throw teamNotFound();
  return team;
};

/** The members of a team the caller was already allowed to read (the Team's `members` field). */
export const listMembersOf = async (db: Db, team: Pick<TeamDto, "id" | "project_id">): Promise<TeamPersonDto[]> =>
  (await listTeamMembers(db, team.project_id, [team.id])).map(toPerson);
