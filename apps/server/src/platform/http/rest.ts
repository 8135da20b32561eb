import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import {
  type ProjectContext,
  type RequestContext,
  requestContext,
  requireProject,
  requireUser,
  type UserContext,
} from "./context.ts";
import { cleanInput } from "./input-text.ts";
import { requireNetworkKey } from "./network-key.ts";

/**
 * What every handler may use besides its input. `now` is the clock of rules that depend on time (code expiry,
 * locks, sessions): tests move it instead of sleeping. Messages are written with the transaction that causes
 * them (platform/outbox), never through a dependency of their own.
 */
export type AppDeps = { db: Db; config: Config; now: () => Date };

/**
 * Who may call a route. Every route states it, and the wrapper enforces it before the handler
 * runs: "user" needs a session, "project" also an X-Project-Id the caller belongs to.
 * Per-object permission checks come on top, inside the handler, with the object loaded. "network" is the card
 * network (no user): it needs the X-Network-Key header (network-key.ts).
 */
export type Access = "public" | "user" | "project" | "network";

export type ContextFor<A extends Access> = A extends "project"
  ? ProjectContext
  : A extends "user"
    ? UserContext
    : RequestContext;

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

export type RouteSpec<
  A extends Access,
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  R extends Schema,
> = {
  method: HttpMethod;
  /** Fastify path syntax (`/v1/users/:id`); the OpenAPI document rewrites it to `{id}`. */
  path: string;
  summary: string;
  tag: string;
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  /** A whitelist: fields the handler returns beyond it are dropped, so nothing leaks by accident. */
  response: R;
  status?: number;
  /**
   * False for answers that carry a secret (a bearer token): the idempotency layer must not store them, since
   * tokens are kept only as hashes. Defaults to true.
   */
  replayable?: boolean;
  handler: (input: {
    ctx: ContextFor<A>;
    params: Out<P>;
    query: Out<Q>;
    body: Out<B>;
    deps: AppDeps;
  }) => Promise<z.input<R>>;
};

/** A route with its types erased, as the registry, Fastify and the OpenAPI builder see it. */
export type RestRoute = {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  access: Access;
  status: number;
  replayable: boolean;
  schemas: { params?: Schema; query?: Schema; body?: Schema; response: Schema };
  run: (request: FastifyRequest, deps: AppDeps) => Promise<unknown>;
};

const narrow = <A extends Access>(ctx: RequestContext, access: A): ContextFor<A> => {
  // The casts restate what the switch proves: each branch returns the narrowed type for its access.
  switch (access) {
    case "project":
      return requireProject(ctx) as ContextFor<A>;
    case "user":
      return requireUser(ctx) as ContextFor<A>;
    default:
      return ctx as ContextFor<A>;
  }
};

const parseWith = <S extends Schema | undefined>(schema: S | undefined, value: unknown): Out<S> =>
  (schema ? schema.parse(value) : undefined) as Out<S>;

/** The one way to declare a REST route: Fastify registration and the OpenAPI document both read it. */
export const defineRoute = <
  A extends Access,
  R extends Schema,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  spec: RouteSpec<A, P, Q, B, R>,
): RestRoute => ({
  method: spec.method,
  path: spec.path,
  summary: spec.summary,
  tag: spec.tag,
  access: spec.access,
  status: spec.status ?? 200,
  replayable: spec.replayable ?? true,
  schemas: { params: spec.params, query: spec.query, body: spec.body, response: spec.response },
  run: async (request, deps) => {
    if (spec.access === "network") requireNetworkKey(request.headers, deps.config);
    const ctx = narrow(await requestContext(deps.db, request), spec.access);
    const result = await spec.handler({
      ctx,
      params: parseWith<P>(spec.params, cleanInput(request.params, "params")),
      query: parseWith<Q>(spec.query, cleanInput(request.query, "query")),
      body: parseWith<B>(spec.body, cleanInput(request.body, "body")),
      deps,
    });
    const output = spec.response.safeParse(result);
    // A handler returning the wrong shape is our bug, not the client's: it must be a 500, not a 422.
    if (!output.success) {
      throw new Error(`Response of ${spec.method} ${spec.path} does not match its schema`, { cause: output.error });
    }
    return output.data;
  },
});

/** A route's answer before it is sent: the idempotency layer stores and replays exactly this. */
export type RouteAnswer = { status: number; body: unknown; replayed?: boolean };

export type RouteRunner = (route: RestRoute, request: FastifyRequest) => Promise<RouteAnswer>;

/** Runs the route itself; the idempotency layer wraps this for POST and PATCH. */
export const runRoute =
  (deps: AppDeps): RouteRunner =>
  async (route, request) => ({ status: route.status, body: await route.run(request, deps) });

export const registerRoutes = (app: FastifyInstance, routes: readonly RestRoute[], runner: RouteRunner): void => {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        const answer = await runner(route, request);
        if (answer.replayed) reply.header("idempotent-replayed", "true");
        reply.status(answer.status);
        // The body is returned, not sent: an async handler that returns the reply makes Fastify wait on the
        // response stream's end with listeners of its own. Only "no body" must be sent, as Fastify reads
        // undefined as a handler that forgot to answer.
        return answer.body === undefined ? reply.send() : answer.body;
      },
    });
  }
};
