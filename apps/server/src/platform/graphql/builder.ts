import SchemaBuilder from "@pothos/core";
import { createGraphQLError } from "graphql-yoga";
import type { RequestContext } from "../http/context.ts";
import type { AppDeps } from "../http/rest.ts";

/** What every resolver receives: the request's context (caller, project, locale) and the app's dependencies. */
export type GraphQLContext = { kort: RequestContext; deps: AppDeps };

/**
 * The code-first schema builder. Modules add their types and fields to it in
 * `modules/<domain>/<domain>.graphql.ts`, imported by the module's `<domain>.module.ts`; the composition root
 * (src/app/schema.ts) loads every module, then schema.ts builds. Field names are the spec's snake_case, as in REST.
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    ID: { Input: string; Output: string };
    JSON: { Input: unknown; Output: unknown };
  };
  DefaultFieldNullability: false;
}>({ defaultFieldNullability: false });

builder.scalarType("DateTime", {
  description: "An instant, as an ISO 8601 string in UTC.",
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = typeof value === "string" ? new Date(value) : undefined;
    if (!date || Number.isNaN(date.getTime())) throw createGraphQLError("DateTime must be an ISO 8601 string.");
    return date;
  },
});

/** Free-form settings objects (project preferences); passed through as JSON. */
builder.scalarType("JSON", {
  description: "Any JSON value.",
  serialize: (value) => value,
  parseValue: (value) => value,
});

builder.queryType({});

/** Modules add their mutations with `builder.mutationField`; the type is declared once, here. */
builder.mutationType({});
