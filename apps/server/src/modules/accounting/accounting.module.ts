import type { KortModule } from "../../platform/module.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./accounting.graphql.ts";

/** Categories, dimensions and tax categories (spec 3, Category). */
export const accountingModule: KortModule = {
  name: "accounting",
};
