import type { IncomingMessage } from "node:http";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import type { GraphQLSchema } from "graphql";
import type { BlobStore } from "../blobs/blob-store.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { uuidV7 } from "../db/uuid-v7.ts";
import { registerGraphQL } from "../graphql/yoga.ts";
import type { TaskQueue } from "../jobs/task-queue.ts";
import { createAppDeps } from "./app-deps.ts";
import { registerErrorHandling } from "./error-handler.ts";
import { answerClientError, answerFrameworkError } from "./framework-errors.ts";
import { withIdempotency } from "./idempotency.ts";
import { createLogger, type Logger, requestLogger } from "./logger.ts";
import { registerMultipart } from "./multipart.ts";
import { registerRequestLog } from "./request-log.ts";
import { type RestRoute, registerRoutes, runRoute } from "./rest.ts";
import { registerSecurityHeaders, securityHeaders } from "./security-headers.ts";
import { registerHealthz } from "./system.routes.ts";
import { DEFAULT_WEB_DIST, registerWebApp } from "./web-app.ts";

export type BuildAppOptions = {
  /** Every /v1 route and the GraphQL schema: the composition root (src/app) assembles them from the modules. */
  routes: readonly RestRoute[];
  schema: GraphQLSchema;
  db: Db;
  config: Config;
  /** Defaults to a pino logger at config.logLevel; tests pass a silent one. */
  logger?: Logger;
  /** Defaults to apps/web/dist. */
  webDistDir?: string;
  /** The clock of time-dependent rules; tests pass one they can move. */
  now?: () => Date;
  /** Defaults to the store config.blobs names; tests pass one in a folder of their own. */
  blobs?: BlobStore;
  /** Where requests send tasks: pg-boss in main.ts, a queue the test drains in tests. */
  tasks: TaskQueue;
};

/** JSON bodies beyond this are refused with 400; file uploads get their own limit with multipart. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A proxy's X-Request-Id is kept when it looks like an id, so one request can be followed across hops. Our own are
 * time-ordered (uuid-v7.ts): log lines sort by them, and one costs a single string.
 */
const requestIdFor = (request: IncomingMessage): string => {
  const incoming = request.headers["x-request-id"];
  return typeof incoming === "string" && /^[\w.-]{1,64}$/.test(incoming) ? incoming : uuidV7();
};

/**
 * The whole HTTP server, without listening: main.ts listens, tests use `app.inject`. Routes:
 * /v1 (REST, OpenAPI at /v1/docs), /graphql (Yoga), /healthz, and the web app with SPA fallback.
 */
export const buildApp = async ({
  db,
  config,
  logger,
  webDistDir,
  now,
  routes,
  schema,
  blobs,
  tasks,
}: BuildAppOptions): Promise<FastifyInstance> => {
  const log = logger ?? createLogger(config);
  const production = config.env === "production";
  const chat = config.support.chat;
  const headers = securityHeaders({ production, widgetOrigins: chat ? [new URL(chat.scriptUrl).origin] : [] });
  const trusted = config.trustProxy;
  const app = Fastify({
    loggerInstance: log,
    // The request log writes one line per request itself (request-log.ts), with user and project.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: requestLogger,
    genReqId: requestIdFor,
    // Behind load balancers (KORT_TRUST_PROXY), the client's address comes from their X-Forwarded-For: a hop
    // count trusts that many hops nearest to us, a list trusts those addresses.
    trustProxy: typeof trusted === "number" ? (_address: string, hop: number) => hop < trusted : trusted,
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: answerFrameworkError(headers),
    clientErrorHandler: answerClientError(headers),
  });
  const deps = createAppDeps({ db, config, now, blobs, tasks });
  // Bodies are JSON, and multipart for files (read by the route that takes one, multipart.ts). Fastify's default
  // text/plain parser would hand handlers a string that then fails validation as 422; refusing it makes a wrong
  // content type a 400.
  app.removeContentTypeParser("text/plain");
  registerMultipart(app);

  registerRequestLog(app);
  registerSecurityHeaders(app, headers, { production });

  const spa = await registerWebApp(app, webDistDir ?? DEFAULT_WEB_DIST);
  registerErrorHandling(app, spa);
  registerHealthz(app, deps);
  registerGraphQL(app, deps, log, schema);
  registerRoutes(app, routes, withIdempotency(deps, runRoute(deps)));
  return app;
};
