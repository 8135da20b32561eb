import type { GraphQLSchema } from "graphql";
import { builder } from "./builder.ts";

let schema: GraphQLSchema | undefined;

/**
 * The whole GraphQL schema, built once per process from what was registered on the builder. Modules register
 * their types when their module file is imported; the composition root (src/app/schema.ts) imports them first.
 */
export const buildSchema = (): GraphQLSchema => {
  schema ??= builder.toSchema();
  return schema;
};
