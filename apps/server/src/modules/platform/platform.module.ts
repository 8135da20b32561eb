import type { KortModule } from "../../platform/module.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./platform.graphql.ts";

/** The platform console: approving companies, reapproving locked users. */
export const platformModule: KortModule = {
  name: "platform",
};
