import { initGraphQLTada } from "gql.tada";
import type { introspection } from "./graphql-env.d.ts";

/**
 * The one way the dashboard writes a GraphQL document: `graphql(\`query ...\`, [fragments])`. Its result and
 * variables are typed from `apps/server/schema.graphql` through `graphql-env.d.ts`, which `npm run schema:print`
 * regenerates; `graphql-documents.test.ts` fails when a document does not validate against the schema or the
 * generated file is stale. Fragments are not masked: a fragment's fields read as plain fields.
 */
export const graphql = initGraphQLTada<{
  introspection: introspection;
  disableMasking: true;
  scalars: { DateTime: string; JSON: unknown };
}>();

export type { FragmentOf, ResultOf, TadaDocumentNode, VariablesOf } from "gql.tada";
