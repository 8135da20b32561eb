import type { KortModule } from "../../platform/module.ts";
import { cardsRoutes } from "./cards.rest.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./cards.graphql.ts";
import "./card-mutations.graphql.ts";
import "./card-activity.graphql.ts";

/** Cards in the dashboard: list, detail, create, limits, lock, close. */
export const cardsModule: KortModule = {
  name: "cards",
  routes: cardsRoutes,
};
