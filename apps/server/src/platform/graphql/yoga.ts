import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { GraphQLSchema } from "graphql";
import { createYoga } from "graphql-yoga";
import { AppError } from "../errors.ts";
import { requestContext } from "../http/context.ts";
import { type Logger, logsAt } from "../http/logger.ts";
import type { AppDeps } from "../http/rest.ts";
import type { GraphQLContext } from "./builder.ts";
import { useCompiledLists } from "./compiled-lists.ts";
import { parserAndValidationCache, useValidationCache } from "./document-cache.ts";
import { isUnexpected, maskError, refuseUncodedAnswer, useErrorCodes } from "./errors.ts";
import { useInputText } from "./input-text.plugin.ts";
import { limitAnswerFixes, queryLimitPlugins } from "./limits.ts";
import { answerPlainRequest } from "./plain-request.ts";

type ServerContext = { req: FastifyRequest; reply: FastifyReply };

const isNonEmptyObject = (value: unknown): boolean =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length > 0;

/** Answers that arrive over time: Yoga's event streams and multipart (incremental delivery) results. */
const isStreamed = (response: Response): boolean => {
  const type = response.headers.get("content-type") ?? "";
  return type.startsWith("text/event-stream") || type.startsWith("multipart/");
};

const ignore = (): void => {};

/**
 * Yoga's own log lines go to pino; expected errors (a code we chose) only at debug level. Yoga writes a few debug
 * lines on every request: below debug they cost nothing, not even the object they would be logged with.
 */
const yogaLogging = (logger: Logger) => ({
  debug: logsAt(logger, "debug") ? (...args: unknown[]) => logger.debug({ yoga: args }, "graphql") : ignore,
  info: logsAt(logger, "info") ? (...args: unknown[]) => logger.info({ yoga: args }, "graphql") : ignore,
  warn: (...args: unknown[]) => logger.warn({ yoga: args }, "graphql"),
  error: (...args: unknown[]) => {
    for (const arg of args) {
      if (isUnexpected(arg)) logger.error({ err: arg }, "graphql error");
      else logger.debug({ err: arg }, "graphql expected error");
    }
  },
});

/**
 * GraphQL Yoga on /graphql, inside Fastify (graphql-yoga's Fastify integration): Fastify parses
 * the JSON body (so malformed JSON gets the same 400 as REST), Yoga executes, and the answer is
 * copied onto Fastify's reply so the request log and request id hooks still run.
 */
export const registerGraphQL = (app: FastifyInstance, deps: AppDeps, logger: Logger, schema: GraphQLSchema): void => {
  const production = deps.config.env === "production";
  const fixLimits = limitAnswerFixes(production);
  const logging = yogaLogging(logger);
  const yoga = createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    // GraphiQL loads from a CDN; useful on a developer's machine, pointless in production.
    graphiql: deps.config.env !== "production",
    landingPage: false,
    // The dashboard is served from the same origin (and proxied by Vite in development): no CORS needed.
    cors: false,
    logging,
    maskedErrors: { maskError },
    plugins: [
      ...queryLimitPlugins({ production }),
      useErrorCodes(),
      useInputText(),
      useCompiledLists(),
      useValidationCache(),
    ],
    parserAndValidationCache: parserAndValidationCache(),
    context: async ({ req }) => ({ kort: await requestContext(deps.db, req), deps }),
  });

  app.route({
    url: yoga.graphqlEndpoint,
    method: ["GET", "POST"],
    handler: async (req, reply) => {
      // Yoga reads Fastify's parsed body only when it is a non-empty object; for `{}`, `null` or `[]`
      // it would read the already consumed stream and report invalid JSON. Say what is wrong instead.
      if (req.method === "POST" && req.headers["content-type"]?.includes("json") && !isNonEmptyObject(req.body)) {
        throw new AppError("BAD_REQUEST", "A GraphQL request body must be a JSON object with a query.");
      }
      // The dashboard's calls: executed by Yoga's envelop without its web Request and Response (plain-request.ts).
      if (await answerPlainRequest(yoga, req, reply, { fixLimits, report: logging.error })) return reply;
      // Yoga is given the raw request with Fastify's parsed body, not Fastify's request: from that it would also
      // rebuild the URL from `req.query`, parsing and printing it again, to get the URL the raw request has.
      const request = { raw: req.raw, method: req.method, headers: req.headers, body: req.body };
      const response = await yoga.handleNodeRequestAndResponse(request, reply, { req, reply });
      refuseUncodedAnswer(response);
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      // A result is one JSON text, which Yoga holds as a string: sent as it is, it skips wrapping it in a web
      // stream and Fastify piping that. Anything streamed (an event stream, a multipart answer) stays a stream.
      return reply.send(isStreamed(response) ? response.body : await response.text());
    },
  });
};
