import { type ErrorCode, isErrorCode } from "@kort/core";
import type { ExecutionResult, GraphQLError } from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";
import { AppError, BUSY_RETRY_AFTER_SECONDS, describeError } from "../errors.ts";

/**
 * graphql ships both CommonJS and ESM builds; Node gives Yoga one and Vite (in tests) may give our
 * code the other, so `instanceof GraphQLError` can fail across them. Errors are recognised by
 * name and created through Yoga's own createGraphQLError, which uses Yoga's copy.
 */
export const isGraphQLError = (value: unknown): value is GraphQLError =>
  value instanceof Error && value.name === "GraphQLError";

/** Errors graphql-js or Yoga raised themselves (syntax, validation, bad request shape) have no originalError. */
const innermost = (error: GraphQLError): { graphql: GraphQLError } | { thrown: unknown } => {
  let current = error;
  while (current.originalError) {
    const inner: unknown = current.originalError;
    if (!isGraphQLError(inner)) return { thrown: inner };
    current = inner;
  }
  return { graphql: current };
};

const withCode = (
  error: GraphQLError | undefined,
  message: string,
  code: ErrorCode,
  extra: Record<string, unknown>,
): GraphQLError =>
  createGraphQLError(message, {
    nodes: error?.nodes,
    source: error?.source,
    positions: error?.positions,
    path: error?.path,
    extensions: { ...extra, code },
  });

/**
 * Yoga's `maskedErrors.maskError`: every error in a GraphQL answer leaves with one of our codes in
 * `extensions.code`, through the same describeError as REST. Unknown errors become INTERNAL with
 * a fixed message; their stack stays in the server log.
 */
export const maskError = (error: unknown): GraphQLError => {
  const graphQLError = isGraphQLError(error) ? error : undefined;
  const origin = graphQLError ? innermost(graphQLError) : { thrown: error };
  if ("graphql" in origin) {
    // Only the code and Yoga's http hint survive: other extensions (Yoga's originalError, stack in
    // development) would show internals to clients.
    // graphql-js always sets extensions; graphql-jit (compiled-lists.ts) leaves them undefined when there are none.
    const { code, http, details } = origin.graphql.extensions ?? {};
    const extra: Record<string, unknown> = {};
    if (http !== undefined) extra.http = http;
    if (details !== undefined) extra.details = details;
    return withCode(graphQLError, origin.graphql.message, isErrorCode(code) ? code : "BAD_REQUEST", extra);
  }
  const described = describeError(origin.thrown);
  const extra: Record<string, unknown> = {};
  if (described.details !== undefined) extra.details = described.details;
  // Outside any field (context building, request shape) the whole request failed: answer with the
  // code's HTTP status. Yoga reads extensions.http and strips it from the body it sends.
  // BUSY, in a field or not, is the whole request failing for now: 503 with Retry-After, so clients back off.
  if (described.code === "BUSY") {
    extra.http = { status: described.status, headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) } };
  } else if (!graphQLError?.path) {
    extra.http = { status: described.status };
  }
  return withCode(graphQLError, described.message, described.code, extra);
};

/** Whether an error reaching Yoga's logger deserves an error line (unexpected) or only a debug line. */
export const isUnexpected = (error: unknown): boolean => {
  if (!isGraphQLError(error)) return describeError(error).unexpected;
  const origin = innermost(error);
  return "thrown" in origin && describeError(origin.thrown).unexpected;
};

type Result = ExecutionResult & { stringify?: (result: ExecutionResult) => string };

/** An answer whose every error carries one of our codes (what useErrorCodes does to each answer). */
export const withCodes = (result: Result): Result =>
  result.errors
    ? {
        ...result,
        errors: result.errors.map((error) => (isErrorCode(error.extensions?.code) ? error : maskError(error))),
      }
    : result;

/**
 * Yoga masks only execution errors; errors from parsing and validation (an unknown field, a bad
 * variable) keep graphql-js's shape. This plugin gives those our code too, so every error a
 * client sees carries one of the codes it can translate.
 */
export const useErrorCodes = (): Plugin => ({
  onResultProcess: ({ result, setResult }) => {
    if (Symbol.asyncIterator in result) return;
    setResult(Array.isArray(result) ? result.map(withCodes) : withCodes(result));
  },
});

/**
 * Yoga answers a few requests itself, before any GraphQL result exists and so without a body our
 * plugins can code: 406 when the client accepts neither JSON media type (a browser asking for HTML
 * where GraphiQL is off), 405 for a method it does not serve. Those become our BAD_REQUEST envelope.
 */
export const refuseUncodedAnswer = (response: Response): void => {
  const json = response.headers.get("content-type")?.includes("json") ?? false;
  if (response.status < 400 || json) return;
  const reason = response.status === 406 ? "not_acceptable" : `http_${response.status}`;
  throw new AppError("BAD_REQUEST", "GraphQL answers in JSON; send Accept: application/json.", { reason });
};
