import { billingPeriodOf, storedLocale } from "@kort/core";
import type { Db } from "../../platform/db/client.ts";
import { notify } from "../../platform/notifications/notify.ts";
import { sendBudgetAlertEmail } from "./budget-alerts.messages.ts";
import { recordDueBudgetAlerts } from "./budget-alerts.repo.ts";

export const TEAM_BUDGET_ALERT_KIND = "team.budget_alert";

/**
 * Team budget alerts (spec 6, issue 16): at 80% and at 100% of a team's monthly budget, once per billing period
 * each, to the team's admins and the company's owners, in the app and by e-mail through the outbox. A job, not a step of the authorization: the decision path
 * stays as fast as it is (docs/balances.md), and an alert a minute late is still in time. Alerts are recorded and
 * their notices written in one transaction, so a crash sends none of them and the next run sends them all.
 */
export const sendDueBudgetAlerts = async (db: Db, now: Date): Promise<number> => {
  const period = billingPeriodOf(now);
  return db.transaction(async (tx) => {
    const alerts = await recordDueBudgetAlerts(tx, period.from, now);
    for (const alert of alerts) {
      for (const recipient of alert.recipients) {
        await notify(tx, {
          projectId: alert.project_id,
          userId: recipient.user_id,
          kind: TEAM_BUDGET_ALERT_KIND,
          payload: {
            team_id: alert.team_id,
            team_name: alert.team_name,
            level: alert.level,
            spent: alert.spent,
            budget: alert.budget,
            period_start: period.from.toISOString(),
          },
          dedupeKey: `team-budget:${alert.team_id}:${period.from.toISOString()}:${alert.level}`,
          at: now,
        });
        // And by e-mail (spec: budget alerts are among the messages that leave the system), in their language.
        await sendBudgetAlertEmail(tx, storedLocale(recipient.locale), {
          to: recipient.email,
          projectId: alert.project_id,
          name: recipient.full_name,
          team: alert.team_name,
          level: alert.level,
          spent: alert.spent,
          budget: alert.budget,
        });
      }
    }
    return alerts.length;
  });
};
