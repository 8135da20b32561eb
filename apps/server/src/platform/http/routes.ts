import { peopleRoutes } from "../../modules/people/people.rest.ts";
import { projectsRoutes } from "../../modules/projects/projects.rest.ts";
import type { RestRoute } from "./rest.ts";
import { docsRoute, versionRoute } from "./system.routes.ts";

/** Every /v1 route, in one list: Fastify registers these and /v1/docs describes exactly these. */
export const apiRoutes = (): RestRoute[] => {
  const routes: RestRoute[] = [...peopleRoutes, ...projectsRoutes, versionRoute];
  routes.push(docsRoute(() => routes));
  return routes;
};
