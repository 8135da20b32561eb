import type { KortModule } from "../../platform/module.ts";
import { pushRoutes } from "./push.rest.ts";
import { PUSH_QUEUE, sendPushTask } from "./push.service.ts";

/** Web Push to the employee app (issue 17): purchases decided and reminders, sent from a task after commit. */
export const pushModule: KortModule = {
  name: "push",
  routes: pushRoutes,
  tasks: [{ queue: PUSH_QUEUE, run: sendPushTask, concurrency: 4 }],
};
