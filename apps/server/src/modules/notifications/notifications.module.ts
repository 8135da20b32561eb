import type { KortModule } from "../../platform/module.ts";
import { budgetAlertsJob } from "./budget-alerts.job.ts";
import { notificationRoutes } from "./notifications.rest.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./notifications.graphql.ts";

/** Notifications (issue 16): the bell, GET /v1/notifications, and the team budget alerts job. */
export const notificationsModule: KortModule = {
  name: "notifications",
  routes: notificationRoutes,
  jobs: [budgetAlertsJob],
};
