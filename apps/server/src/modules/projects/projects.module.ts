import type { KortModule } from "../../platform/module.ts";
import { projectsRoutes } from "./projects.rest.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./projects.graphql.ts";

/** Companies (spec: projects), memberships and the current role. */
export const projectsModule: KortModule = {
  name: "projects",
  routes: projectsRoutes,
};
