import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, BUSY_RETRY_AFTER_SECONDS, type DescribedError, describeError, errorBody } from "../errors.ts";
import { loggablePath } from "./logger.ts";
import { isApiPath, type SpaFallback, wantsSpa } from "./web-app.ts";

/** Fastify's maxParamLength: no id or name in a path is longer. */
const MAX_PATH_SEGMENT = 100;

/**
 * An API path with a segment over maxParamLength: Fastify answers it with 414 when the router sees
 * it, but when the web app's wildcard route is registered the router falls back to that instead.
 * Both answer 414 URI_TOO_LONG, so the status does not depend on whether the web app is built.
 */
const hasOverlongSegment = (url: string): boolean =>
  isApiPath(url) && (url.split("?")[0] ?? "").split("/").some((segment) => segment.length > MAX_PATH_SEGMENT);

const isGraphQLPath = (request: FastifyRequest): boolean => /^\/graphql(\/|\?|$)/.test(request.url);

/**
 * Errors that stop a request before GraphQL runs (malformed JSON, wrong content type) still answer
 * a GraphQL client in GraphQL's shape, with our code in extensions.code; REST gets `{ error }`.
 */
export const bodyFor = (request: FastifyRequest, error: DescribedError) => {
  if (!isGraphQLPath(request)) return errorBody(error);
  const extensions = error.details === undefined ? { code: error.code } : { code: error.code, details: error.details };
  return { errors: [{ message: error.message, extensions }] };
};

/** One place where anything thrown in a route or hook becomes a status and a body. */
export const registerErrorHandling = (app: FastifyInstance, spa: SpaFallback): void => {
  app.setErrorHandler((error, request, reply) => {
    const described = describeError(error);
    if (described.unexpected) request.log.error({ err: error }, "unexpected error");
    else if (described.code === "BUSY") request.log.warn({ code: described.code }, "request refused: database busy");
    else request.log.debug({ code: described.code }, "request failed");
    if (described.code === "BUSY") reply.header("retry-after", String(BUSY_RETRY_AFTER_SECONDS));
    return reply.status(described.status).send(bodyFor(request, described));
  });

  app.setNotFoundHandler((request, reply) => {
    if (wantsSpa(request)) return spa(request, reply);
    const described = describeError(
      hasOverlongSegment(request.url)
        ? new AppError("URI_TOO_LONG", "A part of the address is too long.")
        : new AppError("ROUTE_NOT_FOUND", `No route for ${request.method} ${loggablePath(request.url)}.`),
    );
    return reply.status(described.status).send(bodyFor(request, described));
  });
};
