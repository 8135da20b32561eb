import { TEAM_BUDGET_ALERT_PERCENTS } from "@kort/core";

export type BudgetTone = "normal" | "warning" | "over";

/** How much of a budget is used: the share in percent (for the bar, capped at 100) and its tone. */
export type BudgetUsage = { percent: number; tone: BudgetTone } | null;

const [WARNING_PERCENT, OVER_PERCENT] = TEAM_BUDGET_ALERT_PERCENTS;

/**
 * The bar of the teams table: none without a budget; warning from 80% and over from 100%, the shares at which
 * the team's admins are alerted (decisions.md). Refunds can make the used amount negative: the bar is empty.
 */
export const budgetUsage = (used: number, budget: number | null): BudgetUsage => {
  if (budget === null) return null;
  const share = budget === 0 ? (used > 0 ? Number.POSITIVE_INFINITY : 0) : (used / budget) * 100;
  const tone: BudgetTone = share >= OVER_PERCENT ? "over" : share >= WARNING_PERCENT ? "warning" : "normal";
  return { percent: Math.min(100, Math.max(0, share)), tone };
};
