import type { KortModule } from "../../platform/module.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./categorisation.graphql.ts";

/** Automatic categorisation: rules, proposals, and the rules met at settlement (issue 19). */
export const categorisationModule: KortModule = {
  name: "categorisation",
};
