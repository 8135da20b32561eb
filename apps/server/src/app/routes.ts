import type { RestRoute } from "../platform/http/rest.ts";
import { docsRoute, versionRoute } from "../platform/http/system.routes.ts";
import { devOutboxRoute } from "../platform/outbox/dev-outbox.rest.ts";
import { KORT_MODULES } from "./modules.ts";

/**
 * Every /v1 route, in one list: Fastify registers these and /v1/docs describes exactly these. The dev outbox
 * exists only in demo mode; in production it is not registered at all.
 */
export const apiRoutes = (options: { demoMode: boolean }): RestRoute[] => {
  const routes: RestRoute[] = [...KORT_MODULES.flatMap((module) => module.routes ?? []), versionRoute];
  if (options.demoMode) routes.push(devOutboxRoute);
  routes.push(docsRoute(() => routes));
  return routes;
};
