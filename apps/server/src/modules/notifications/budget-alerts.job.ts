import type { JobDefinition } from "../../platform/jobs/jobs.ts";
import { sendDueBudgetAlerts } from "./budget-alerts.service.ts";

/** Every two minutes, and once at start: teams that reached 80% or 100% of their budget (budget-alerts.service.ts). */
export const budgetAlertsJob: JobDefinition = {
  queue: "notifications.team-budget-alerts",
  cron: "*/2 * * * *",
  runAtStart: true,
  run: async ({ db, now, logger }) => {
    const sent = await sendDueBudgetAlerts(db, now);
    if (sent > 0) logger.info({ alerts: sent }, "team budget alerts sent");
  },
};
