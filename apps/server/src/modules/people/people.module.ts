import type { KortModule } from "../../platform/module.ts";
import { peopleRoutes } from "./people.rest.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./people.graphql.ts";
import "./members.graphql.ts";
import "./member-mutations.graphql.ts";

/** Members of a company: roles, limit control, removal. */
export const peopleModule: KortModule = {
  name: "people",
  routes: peopleRoutes,
};
