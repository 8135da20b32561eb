import { writeAudit } from "../../platform/audit/audit.ts";
import { AppError } from "../../platform/errors.ts";
import { authorize } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import {
  archiveTeamCategory,
  createTeamCategory,
  findProjectCategories,
  syncTeamCategory,
} from "../accounting/accounting.service.ts";
import { assertPossiblyAllowed } from "./team-access.ts";
import { replaceVisibleCategories } from "./team-categories.repo.ts";
import { changeTeam, nameTaken, withNameGuard } from "./team-change.ts";
import { deleteAllTeamMembers } from "./team-members.repo.ts";
import { addMembersToNewTeam } from "./team-members.service.ts";
import { insertTeam, liveTeamNameTaken, updateLiveTeam } from "./teams.repo.ts";
import {
  type CreateTeamInput,
  createTeamSchema,
  type PatchTeamInput,
  patchTeamSchema,
  type SetTeamBudgetInput,
  type SetTeamLimitControlInput,
  type SetTeamVisibleCategoriesInput,
  setTeamBudgetSchema,
  setTeamLimitControlSchema,
  setTeamVisibleCategoriesSchema,
  teamIdSchema,
} from "./teams.schemas.ts";
import type { TeamDeps } from "./teams.service.ts";

/**
 * Spec 4, team creation, in one transaction: the team's category (group Team, enabled, title = name,
 * code = account code), then the team with that category, then each chosen member. A member who is not in
 * the project, or any failed insert, leaves nothing behind. Returns the new team's id.
 */
export const createTeam = async (deps: TeamDeps, ctx: ProjectContext, input: CreateTeamInput): Promise<string> => {
  assertPossiblyAllowed(ctx, "manage");
  const args = createTeamSchema.parse(input);
  const projectId = ctx.membership.projectId;
  authorize(ctx, "team", "manage", { project_id: projectId });
  const now = deps.now();
  return withNameGuard(
    () =>
      deps.db.transaction(async (tx) => {
        if (await liveTeamNameTaken(tx, projectId, args.name)) throw nameTaken();
        const category = await createTeamCategory(tx, {
          projectId,
          teamName: args.name,
          accountCode: args.account_code,
          now,
        });
        const teamId = await insertTeam(tx, {
          projectId,
          name: args.name,
          accountCode: args.account_code,
          accountCodeName: args.account_code_name,
          categoryId: category.id,
          monthlyBudget: args.monthly_budget,
          now,
        });
        await addMembersToNewTeam(tx, { projectId, teamId, userIds: args.member_ids, now });
        await writeAudit(tx, {
          action: "team.create",
          objectType: "team",
          objectId: teamId,
          projectId,
          actorUserId: ctx.user.id,
          data: { ...args, category_id: category.id },
          requestId: ctx.requestId,
          at: now,
        });
        return teamId;
      }),
    args.account_code,
  );
};

/** Spec 5: a budget per billing period in whole kronur; null means no budget. */
export const setTeamBudget = async (deps: TeamDeps, ctx: ProjectContext, input: SetTeamBudgetInput) => {
  assertPossiblyAllowed(ctx, "manage");
  const args = setTeamBudgetSchema.parse(input);
  await changeTeam(deps, ctx, args.team_id, "manage", async (tx, team, now) => {
    await updateLiveTeam(tx, team.projectId, team.id, { monthlyBudget: args.budget }, now);
    return { auditAction: "team.set_budget", data: { monthly_budget: args.budget } };
  });
  return args.team_id;
};

/** The team's limit control (team set-limit-control): maximum spend per month, week and day; null is none. */
export const setTeamLimitControl = async (deps: TeamDeps, ctx: ProjectContext, input: SetTeamLimitControlInput) => {
  assertPossiblyAllowed(ctx, "set-limit-control");
  const args = setTeamLimitControlSchema.parse(input);
  await changeTeam(deps, ctx, args.team_id, "set-limit-control", async (tx, team, now) => {
    const limits = {
      maxMonthlyLimit: args.max_monthly,
      maxWeeklyLimit: args.max_weekly,
      maxDailyLimit: args.max_daily,
    };
    await updateLiveTeam(tx, team.projectId, team.id, limits, now);
    const { max_monthly, max_weekly, max_daily } = args;
    return { auditAction: "team.set_limit_control", data: { max_monthly, max_weekly, max_daily } };
  });
  return args.team_id;
};

/** All categories, or a chosen list of the project's chart (Default) categories. */
export const setTeamVisibleCategories = async (
  deps: TeamDeps,
  ctx: ProjectContext,
  input: SetTeamVisibleCategoriesInput,
) => {
  assertPossiblyAllowed(ctx, "manage");
  const args = setTeamVisibleCategoriesSchema.parse(input);
  const chosen = args.all_categories_visible ? [] : args.category_ids;
  await changeTeam(deps, ctx, args.team_id, "manage", async (tx, team, now) => {
    const found = await findProjectCategories(tx, team.projectId, chosen);
    const usable = new Set(found.filter((category) => category.group === "Default").map((category) => category.id));
    const unknown = chosen.filter((id) => !usable.has(id));
    if (unknown.length > 0) {
      throw new AppError("VALIDATION_FAILED", "Some categories are not categories of this company.", {
        issues: [{ path: "category_ids", code: "unknown_category", message: unknown.join(", ") }],
      });
    }
    await updateLiveTeam(tx, team.projectId, team.id, { allCategoriesVisible: args.all_categories_visible }, now);
    await replaceVisibleCategories(tx, team.projectId, team.id, chosen);
    return {
      auditAction: "team.set_visible_categories",
      data: { all_categories_visible: args.all_categories_visible, category_ids: chosen },
    };
  });
  return args.team_id;
};

/** Rename, or change the account code (name); the team's category follows its name and account code. */
export const patchTeam = async (deps: TeamDeps, ctx: ProjectContext, input: PatchTeamInput) => {
  assertPossiblyAllowed(ctx, "manage");
  const args = patchTeamSchema.parse(input);
  await changeTeam(deps, ctx, args.id, "manage", async (tx, team, now) => {
    if (args.name !== undefined && (await liveTeamNameTaken(tx, team.projectId, args.name, team.id))) {
      throw nameTaken();
    }
    // Absent leaves the account code name as it is; null or an empty string clears it.
    const accountCodeName = args.account_code_name === undefined ? undefined : args.account_code_name || null;
    await updateLiveTeam(
      tx,
      team.projectId,
      team.id,
      { name: args.name, accountCode: args.account_code, accountCodeName },
      now,
    );
    if (team.categoryId && (args.name !== undefined || args.account_code !== undefined)) {
      await syncTeamCategory(tx, {
        projectId: team.projectId,
        categoryId: team.categoryId,
        teamName: args.name,
        accountCode: args.account_code,
        now,
      });
    }
    const data = { name: args.name, account_code: args.account_code, account_code_name: accountCodeName };
    return { auditAction: "team.patch", data: { ...data, previous_name: team.name } };
  });
  return args.id;
};

/** Soft delete: the team is marked deleted, its members are removed and its category is archived. */
export const deleteTeam = async (deps: TeamDeps, ctx: ProjectContext, input: { id: string }): Promise<boolean> => {
  assertPossiblyAllowed(ctx, "manage");
  const args = teamIdSchema.parse(input);
  await changeTeam(deps, ctx, args.id, "manage", async (tx, team, now) => {
    const removed = await deleteAllTeamMembers(tx, team.projectId, team.id);
    await updateLiveTeam(tx, team.projectId, team.id, { deletedAt: now }, now);
    if (team.categoryId) await archiveTeamCategory(tx, { projectId: team.projectId, categoryId: team.categoryId, now });
    return { auditAction: "team.delete", data: { name: team.name, removed_user_ids: removed } };
  });
  return true;
};
