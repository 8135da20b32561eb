import type { KortModule } from "../../platform/module.ts";
import { cardDesignsRoutes } from "./card-designs.rest.ts";
// Its GraphQL types and fields (the Card's design among them), registered on the shared builder when imported.
import "./card-designs.graphql.ts";

/** Card designs (issue 16): owners upload PNG designs and choose one per card type; cards show it. */
export const cardDesignsModule: KortModule = {
  name: "card-designs",
  routes: cardDesignsRoutes,
};
