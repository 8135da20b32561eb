import type { KortModule } from "../../platform/module.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./teams.graphql.ts";
import "./teams-mutations.graphql.ts";

/** Teams, budgets and team limit control. */
export const teamsModule: KortModule = {
  name: "teams",
};
