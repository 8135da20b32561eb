/**
 * Team rules both sides check (spec 5): name and account code are required; the lengths and the amount
 * ceiling are ours (docs/decisions.md). Budgets and team limits travel as GraphQL Int, whole kronur.
 */
export const TEAM_NAME_MAX_LENGTH = 100;
export const ACCOUNT_CODE_MAX_LENGTH = 20;
export const ACCOUNT_CODE_NAME_MAX_LENGTH = 100;
export const TEAM_AMOUNT_MAX = 2_147_483_647;

/** Spend reaching these shares of a team's budget alerts its admins and the owners (decisions.md). */
export const TEAM_BUDGET_ALERT_PERCENTS = [80, 100] as const;

export type TeamLimits = { max_monthly: number | null; max_weekly: number | null; max_daily: number | null };

/**
 * Which maximum is out of order, if any: a week's maximum above the month's, or a day's above the week's or
 * the month's, where both are set (null means no limit).
 */
export const teamLimitOrderProblem = (limits: TeamLimits): "max_weekly" | "max_daily" | null => {
  const above = (shorter: number | null, longer: number | null) =>
    shorter !== null && longer !== null && shorter > longer;
  if (above(limits.max_weekly, limits.max_monthly)) return "max_weekly";
  if (above(limits.max_daily, limits.max_weekly) || above(limits.max_daily, limits.max_monthly)) return "max_daily";
  return null;
};
