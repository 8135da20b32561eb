import { PRODUCT_VERSION } from "@kort/core";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { z } from "zod";
import { buildOpenApiDocument } from "./openapi.ts";
import { type AppDeps, defineRoute, type RestRoute } from "./rest.ts";

const versionSchema = z.object({ version: z.string(), environment: z.enum(["production", "development", "test"]) });

export const versionRoute = defineRoute({
  method: "GET",
  path: "/v1/version",
  summary: "The running version and environment (shown on the /Version page)",
  tag: "system",
  access: "public",
  response: versionSchema,
  handler: async ({ deps }) => ({ version: PRODUCT_VERSION, environment: deps.config.env }),
});

/** The docs route reads the registry it is part of, so the document always lists every route. */
export const docsRoute = (routes: () => readonly RestRoute[]): RestRoute =>
  defineRoute({
    method: "GET",
    path: "/v1/docs",
    summary: "This OpenAPI 3.1 document",
    tag: "system",
    access: "public",
    response: z.record(z.string(), z.unknown()),
    handler: async () => buildOpenApiDocument(routes(), PRODUCT_VERSION),
  });

/** A health check that cannot reach the database within this answers 503 rather than keep the prober waiting. */
const HEALTH_TIMEOUT_MS = 800;

/**
 * /healthz for load balancers and the start-up probe: 200 when the database answers `select 1`,
 * 503 otherwise. Outside /v1 on purpose, so it needs no session and no OpenAPI entry.
 * It has a connection of its own: behind a burst, the request pool's queue says nothing about whether the
 * database is up, and a prober that waits in it would take a busy server for a dead one.
 */
export const registerHealthz = (app: FastifyInstance, deps: AppDeps): void => {
  const options = deps.db.$client.options;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: 1,
    connectionTimeoutMillis: HEALTH_TIMEOUT_MS,
    statement_timeout: HEALTH_TIMEOUT_MS,
  });
  // An idle connection dropped by the server is replaced on the next probe; that probe tells the truth.
  pool.on("error", () => {});
  app.addHook("onClose", () => pool.end());
  app.get("/healthz", async (request, reply) => {
    try {
      await pool.query("select 1");
      return { status: "ok", version: PRODUCT_VERSION };
    } catch (error) {
      request.log.error({ err: error }, "health check: database unavailable");
      return reply.status(503).send({ status: "unavailable", version: PRODUCT_VERSION });
    }
  });
};
