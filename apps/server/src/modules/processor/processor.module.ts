import type { KortModule } from "../../platform/module.ts";
import { authorizationExpiryJob } from "./authorization-expiry.job.ts";
import { cardLifecycleJob } from "./card-lifecycle.job.ts";
import { networkRoutes } from "./network.rest.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./generate-transactions.graphql.ts";

/** The card processor: the network's interface, decisions, settlement, the card lifecycle and authorization expiry jobs. */
export const processorModule: KortModule = {
  name: "processor",
  routes: networkRoutes,
  jobs: [cardLifecycleJob, authorizationExpiryJob],
};
