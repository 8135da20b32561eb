import type { KortModule } from "../../platform/module.ts";
import { creditRoutes } from "./credit.rest.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./credit.graphql.ts";

/** The company's credit (issue 16): transfers (spec 7) and requests for a credit limit change. */
export const creditModule: KortModule = { name: "credit", routes: creditRoutes };
