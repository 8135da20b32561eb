import type { GraphQLSchema } from "graphql";
import { buildSchema } from "../platform/graphql/schema.ts";
import { KORT_MODULES } from "./modules.ts";

/** The whole GraphQL schema: every module in KORT_MODULES has registered its types by the time this runs. */
export const kortSchema = (): GraphQLSchema => {
  if (KORT_MODULES.length === 0) throw new Error("No modules registered");
  return buildSchema();
};
