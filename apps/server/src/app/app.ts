import type { FastifyInstance } from "fastify";
import { type BuildAppOptions, buildApp } from "../platform/http/app.ts";
import type { JobDefinition, TaskDefinition } from "../platform/jobs/jobs.ts";
import type { KortModule } from "../platform/module.ts";
import { KORT_MODULES } from "./modules.ts";
import { apiRoutes } from "./routes.ts";
import { kortSchema } from "./schema.ts";

/** The HTTP server with every module's routes and GraphQL schema: what main.ts listens with and tests inject into. */
export const createKortApp = (options: Omit<BuildAppOptions, "routes" | "schema">): Promise<FastifyInstance> =>
  buildApp({ ...options, routes: apiRoutes({ demoMode: options.config.demoMode }), schema: kortSchema() });

/** Every module's background jobs. */
export const kortJobs = (): JobDefinition[] => KORT_MODULES.flatMap((module) => module.jobs ?? []);

/** Every module's tasks: work requests hand to a queue. */
export const kortTasks = (): TaskDefinition[] => KORT_MODULES.flatMap((module) => module.tasks ?? []);

/** The one module's inbound mail handler (receipts by e-mail), if any: main.ts gives it Kort's SMTP listener. */
export const kortInboundMail = (): KortModule["inboundMail"] => {
  const handlers = KORT_MODULES.flatMap((module) => (module.inboundMail ? [module.inboundMail] : []));
  if (handlers.length > 1) throw new Error("More than one module takes inbound mail");
  return handlers[0];
};
