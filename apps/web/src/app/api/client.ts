import { currentLanguage } from "../i18n/i18n.ts";
import { localeOf } from "../i18n/language.ts";
import { readAuth } from "../session/auth-token.ts";
import { readSelectedProjectId } from "../session/selected-project.ts";
import { ApiError, parseGraphqlErrors, parseRestError } from "./api-error.ts";
import { buildHeaders, newIdempotencyKey } from "./headers.ts";

export type CallOptions = {
  /** Send `X-Project-Id` (default). Calls that list the user's projects or identify the user leave it out. */
  withProject?: boolean;
  /** On UNAUTHENTICATED, forget the token and go to sign-in (default). Sign-in calls themselves opt out. */
  redirectOnUnauthenticated?: boolean;
  signal?: AbortSignal;
};

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

let unauthenticatedHandler: () => void = () => {};

/** The router registers what UNAUTHENTICATED does (clear the token, go to /auth?redirectTo=...). */
export const setUnauthenticatedHandler = (handler: () => void): void => {
  unauthenticatedHandler = handler;
};

const readBody = async (response: Response): Promise<unknown> => {
  const body = await response.text();
  if (body.length === 0) return null;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
};

const send = async (method: Method, path: string, body: unknown, options: CallOptions): Promise<Response> => {
  const headers = buildHeaders({
    method,
    token: readAuth()?.token ?? null,
    projectId: options.withProject === false ? null : readSelectedProjectId(),
    locale: localeOf(currentLanguage()),
    hasBody: body !== undefined,
    newKey: newIdempotencyKey,
  });
  try {
    return await fetch(path, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError("NETWORK_ERROR", error instanceof Error ? error.message : "Network error");
  }
};

const fail = (error: ApiError, options: CallOptions): never => {
  if (error.code === "UNAUTHENTICATED" && options.redirectOnUnauthenticated !== false) unauthenticatedHandler();
  throw error;
};

/**
 * A REST call under `/v1`. The answer's shape is trusted to match `T`: it comes from our own server, and
 * generated types replace these hand-written ones when the API settles.
 */
export const rest = async <T>(method: Method, path: `/${string}`, body?: unknown, options: CallOptions = {}) => {
  const response = await send(method, `/v1${path}`, body, options);
  const data = await readBody(response);
  if (!response.ok) return fail(parseRestError(response.status, data), options);
  return data as T;
};

/** A GraphQL operation on `/graphql`; rejects with the first error's code. */
export const graphql = async <T>(query: string, variables?: Record<string, unknown>, options: CallOptions = {}) => {
  const response = await send("POST", "/graphql", { query, variables }, options);
  const data = await readBody(response);
  const payload = typeof data === "object" && data !== null ? (data as { data?: unknown; errors?: unknown }) : {};
  const error = parseGraphqlErrors(payload.errors, response.status);
  if (error) return fail(error, options);
  if (!response.ok || payload.data === undefined || payload.data === null) {
    return fail(parseRestError(response.status, data), options);
  }
  return payload.data as T;
};
