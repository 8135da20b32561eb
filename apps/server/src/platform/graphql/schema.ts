import type { GraphQLSchema } from "graphql";
import { builder } from "./builder.ts";
// Each module adds its types and fields to the builder when imported; the order does not matter.
import "../../modules/accounting/accounting.graphql.ts";
import "../../modules/cards/card-mutations.graphql.ts";
import "../../modules/cards/cards.graphql.ts";
import "../../modules/invites/project-invites.graphql.ts";
import "../../modules/people/member-mutations.graphql.ts";
import "../../modules/people/members.graphql.ts";
import "../../modules/people/people.graphql.ts";
import "../../modules/platform/platform.graphql.ts";
import "../../modules/processor/generate-transactions.graphql.ts";
import "../../modules/projects/projects.graphql.ts";
import "../../modules/teams/teams.graphql.ts";
import "../../modules/teams/teams-mutations.graphql.ts";

let schema: GraphQLSchema | undefined;

/** The whole GraphQL schema, built once per process from what the modules registered. */
export const buildSchema = (): GraphQLSchema => {
  schema ??= builder.toSchema();
  return schema;
};
