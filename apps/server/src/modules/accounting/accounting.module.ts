import type { KortModule } from "../../platform/module.ts";
import { accountingRoutes } from "./accounting.rest.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./accounting.graphql.ts";
import "./accounting-mutations.graphql.ts";

/** Categories, dimensions, tax categories and the plan (spec 3, 4, 5 and 7; issue 11). */
export const accountingModule: KortModule = {
  name: "accounting",
  routes: accountingRoutes,
};
