import type { KortModule } from "../../platform/module.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./overview.graphql.ts";

/** The Overview page (issue 16): spending figures, active cards, the period trend, and the audit log. */
export const overviewModule: KortModule = { name: "overview" };
