import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import type { ExecutionResult, GraphQLError } from "graphql";
import { createGraphQLError, type Plugin as YogaPlugin } from "graphql-yoga";
import { introspectionBudgetRule } from "./introspection-budget.ts";

/** Yoga plugins over any context: these read only the request's document and result. */
type Plugin = YogaPlugin<Record<string, unknown>>;

/**
 * What one GraphQL request may ask for. The dashboard's largest document (the cards list) has 82
 * tokens, depth 4, cost 109 and no aliases or directives; `limits.test.ts` checks that every
 * document the web app sends stays well inside these.
 */
export const GRAPHQL_LIMITS = {
  /** Characters of the document, checked before parsing; it also bounds the parse cache's keys. */
  documentChars: 10_000,
  /** Lexer tokens: counted while parsing, so 8,000 aliases stop after the first few hundred. */
  tokens: 1_000,
  depth: 8,
  /** `__typename` is free. Together with `limit` at most 200, a document reads at most 10 pages. */
  aliases: 10,
  directives: 10,
  /** graphql-armor's cost: objects 2, scalars 1, times 1.5 for each level down. */
  cost: 1_000,
} as const;

export type GraphQLLimit = "document_chars" | "tokens" | "depth" | "aliases" | "directives" | "cost" | "introspection";

/**
 * HTTP 400 whatever the client accepts. Yoga marks parse and validation errors `spec: true`, which
 * answers 200 to `Accept: application/json`; a refusal is not a result, so it says `spec: false`
 * (and limitAnswerFixes says it again after Yoga's parse hook has rewritten it).
 */
const refused = () => ({ status: 400, spec: false });

/**
 * The answer to a document over a limit: QUERY_TOO_COMPLEX with HTTP 400, thrown so that parsing or
 * validation stops at once instead of reporting and walking the rest of a hostile document.
 */
export const tooComplex = (limit: GraphQLLimit, message: string): GraphQLError =>
  createGraphQLError(message, { extensions: { code: "QUERY_TOO_COMPLEX", http: refused(), details: { limit } } });

/** Introspection in production: one error at the first `__schema` or `__type`, not one per field. */
export const introspectionOff = (): GraphQLError =>
  createGraphQLError("Introspection is off in production; the schema is published as schema.graphql.", {
    extensions: { code: "BAD_REQUEST", http: refused(), details: { reason: "introspection_disabled" } },
  });

/** graphql-armor prefixes every refusal with "Syntax Error: " even for validation rules. */
const rejectAs = (limit: GraphQLLimit): ((context: unknown, error: GraphQLError) => void)[] => [
  (_context, error) => {
    throw tooComplex(limit, error.message.replace(/^Syntax Error: /, ""));
  },
];

/** Rejections throw (above) rather than armor's default, which would throw its own uncoded error. */
const armorLimit = (limit: GraphQLLimit) => ({ propagateOnRejection: false, onReject: rejectAs(limit) });

/** graphql-js's "Did you mean …?" hints map the schema for a stranger; production answers without them. */
const SUGGESTION = /\s*Did you mean [^?]*\?/g;

const withoutSuggestions = (error: GraphQLError): GraphQLError => {
  if (SUGGESTION.test(error.message)) error.message = error.message.replace(SUGGESTION, "").trim();
  SUGGESTION.lastIndex = 0;
  return error;
};

/**
 * What the limits change in every answer, whichever path wrote it (Yoga's, or the plain one of plain-request.ts): a
 * refusal is a 400, and in production no error says "Did you mean" (the schema is not given away by suggestions;
 * armor strips validation's, this the rest: variable coercion, enum values).
 */
export const limitAnswerFixes =
  (production: boolean) =>
  (result: ExecutionResult): void => {
    for (const error of result.errors ?? []) {
      if (error.extensions?.code === "QUERY_TOO_COMPLEX") Object.assign(error.extensions, { http: refused() });
      if (production) withoutSuggestions(error);
    }
  };

/** limitAnswerFixes applied to each answer Yoga writes (the plain path applies it itself). */
const useLimitAnswers = (fix: (result: ExecutionResult) => void): Plugin => ({
  onResultProcess: ({ result }) => {
    if (Symbol.asyncIterator in result) return;
    for (const single of Array.isArray(result) ? result : [result]) fix(single);
  },
});

/** The document-length check runs on the raw parameters, before the parser or the cache see them. */
const useDocumentLength = (): Plugin => ({
  onParams: ({ params }) => {
    const length = typeof params.query === "string" ? params.query.length : 0;
    if (length > GRAPHQL_LIMITS.documentChars) {
      throw tooComplex(
        "document_chars",
        `The document has ${length} characters; at most ${GRAPHQL_LIMITS.documentChars} are accepted.`,
      );
    }
  },
});

/** Nested introspection cannot be measured by depth alone (see introspection-budget.ts). */
const useIntrospectionBudget = (enabled: boolean): Plugin => ({
  onValidate: ({ addValidationRule }) => {
    addValidationRule(introspectionBudgetRule({ enabled, refuse: tooComplex, disabled: introspectionOff }));
  },
});

/**
 * The cost limits of issue 9, as Yoga plugins, all applied before execution: document length, then
 * tokens while parsing, then depth, aliases, directives, cost and introspection while validating.
 * In production introspection is off (the printed schema.graphql is the contract) and so are
 * suggestions.
 */
export const queryLimitPlugins = ({ production }: { production: boolean }): Plugin[] => [
  useDocumentLength(),
  EnvelopArmorPlugin({
    maxTokens: { n: GRAPHQL_LIMITS.tokens, ...armorLimit("tokens") },
    // Introspection is bounded by its own rule; data documents by these.
    maxDepth: { n: GRAPHQL_LIMITS.depth, ignoreIntrospection: true, ...armorLimit("depth") },
    maxAliases: { n: GRAPHQL_LIMITS.aliases, ...armorLimit("aliases") },
    maxDirectives: { n: GRAPHQL_LIMITS.directives, ...armorLimit("directives") },
    costLimit: { maxCost: GRAPHQL_LIMITS.cost, ignoreIntrospection: true, ...armorLimit("cost") },
    blockFieldSuggestion: { enabled: production, mask: "" },
  }),
  useIntrospectionBudget(!production),
  useLimitAnswers(limitAnswerFixes(production)),
];
