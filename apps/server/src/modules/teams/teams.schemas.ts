import {
  ACCOUNT_CODE_NAME_MAX_LENGTH,
  categoryCodeSchema,
  TEAM_AMOUNT_MAX,
  TEAM_NAME_MAX_LENGTH,
  teamLimitOrderProblem,
} from "@kort/core";
import { z } from "zod";

const name = z.string().trim().min(1).max(TEAM_NAME_MAX_LENGTH);
/** The account code is the team's category's code: the category code rule (1 to 20 letters, digits, `.`, `-`). */
const accountCode = categoryCodeSchema;
/** Empty means none. */
const accountCodeName = z
  .string()
  .trim()
  .max(ACCOUNT_CODE_NAME_MAX_LENGTH)
  .nullish()
  .transform((text) => (text ? text : null));
/** Whole kronur, never negative; null (or absent) means none. */
const amount = z
  .int()
  .min(0)
  .max(TEAM_AMOUNT_MAX)
  .nullish()
  .transform((value) => value ?? null);

/** Members chosen when a team is made: a bound on one request's work; more are added one by one. */
export const TEAM_MEMBERS_AT_CREATION_MAX = 1_000;

export const createTeamSchema = z.object({
  name,
  account_code: accountCode,
  account_code_name: accountCodeName,
  member_ids: z
    .array(z.uuid())
    .max(TEAM_MEMBERS_AT_CREATION_MAX)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
  monthly_budget: amount,
});
/** What a caller may send: any field may be missing or null; the schema says which are required. */
export type CreateTeamInput = {
  [K in keyof z.input<typeof createTeamSchema>]?: z.input<typeof createTeamSchema>[K] | null;
};

export const setTeamBudgetSchema = z.object({ team_id: z.uuid(), budget: amount });
export type SetTeamBudgetInput = z.input<typeof setTeamBudgetSchema>;

/** A shorter period's maximum cannot be above a longer one's: daily ≤ weekly ≤ monthly where both are set. */
export const setTeamLimitControlSchema = z
  .object({ team_id: z.uuid(), max_monthly: amount, max_weekly: amount, max_daily: amount })
  .superRefine((limits, ctx) => {
    const problem = teamLimitOrderProblem(limits);
    if (problem) ctx.addIssue({ code: "custom", path: [problem], message: "limit_above_longer_period" });
  });
export type SetTeamLimitControlInput = z.input<typeof setTeamLimitControlSchema>;

/** All categories, or a chosen list of at least one of the chart's (Default) categories. */
export const setTeamVisibleCategoriesSchema = z
  .object({
    team_id: z.uuid(),
    all_categories_visible: z.boolean(),
    category_ids: z
      .array(z.uuid())
      .nullish()
      .transform((ids) => [...new Set(ids ?? [])]),
  })
  .refine((input) => input.all_categories_visible || input.category_ids.length > 0, {
    path: ["category_ids"],
    message: "choose_at_least_one",
  });
export type SetTeamVisibleCategoriesInput = z.input<typeof setTeamVisibleCategoriesSchema>;

export const patchTeamSchema = z.object({
  id: z.uuid(),
  name: name.nullish().transform((value) => value ?? undefined),
  account_code: accountCode.nullish().transform((value) => value ?? undefined),
  /** Absent leaves it; null or an empty string clears it. */
  account_code_name: z.string().trim().max(ACCOUNT_CODE_NAME_MAX_LENGTH).nullish(),
});
export type PatchTeamInput = z.input<typeof patchTeamSchema>;

export const teamUserSchema = z.object({
  team_id: z.uuid(),
  user_id: z.uuid(),
  is_admin: z
    .boolean()
    .nullish()
    .transform((value) => value ?? undefined),
});
export type TeamUserInput = z.input<typeof teamUserSchema>;

export const teamIdSchema = z.object({ id: z.uuid() });

export const teamsArgsSchema = z.object({
  mine: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
});
export type TeamsArgs = z.input<typeof teamsArgsSchema>;

/** Outputs: what the team queries return (spec section 3, Team). GraphQL exposes exactly these fields. */
export type TeamCategoryDto = { id: string; code: string; title: string };
export type TeamPersonDto = { user_id: string; full_name: string; email: string; is_admin: boolean };
export type LimitControlDto = { max_monthly: number | null; max_weekly: number | null; max_daily: number | null };

export type TeamDto = {
  id: string;
  /** Internal: the project the team was loaded from; not exposed. */
  project_id: string;
  name: string;
  account_code: string;
  account_code_name: string | null;
  category_id: string | null;
  category: TeamCategoryDto | null;
  member_count: number;
  monthly_budget: number | null;
  used_monthly_budget: number;
  limit_control: LimitControlDto;
  all_categories_visible: boolean;
  visible_categories: TeamCategoryDto[];
  admins: TeamPersonDto[];
  created_at: Date;
};
