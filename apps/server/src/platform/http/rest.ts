import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { BlobStore } from "../blobs/blob-store.ts";
import type { Config } from "../config.ts";
import type { LinkSigner } from "../crypto/signed-links.ts";
import type { Db } from "../db/client.ts";
import type { TaskQueue } from "../jobs/task-queue.ts";
import {
  type ProjectContext,
  type RequestContext,
  requestContext,
  requireProject,
  requireUser,
  type UserContext,
} from "./context.ts";
import { cleanInput } from "./input-text.ts";
import { readUpload, type UploadResult } from "./multipart.ts";
import { keepCacheControl } from "./security-headers.ts";
import { requireMailRelayKey, requireNetworkKey } from "./shared-keys.ts";

/**
 * What every handler may use besides its input. `now` is the clock of rules that depend on time (code expiry,
 * locks, sessions): tests move it instead of sleeping. Messages are written with the transaction that causes
 * them (platform/outbox), never through a dependency of their own.
 */
export type AppDeps = {
  db: Db;
  config: Config;
  now: () => Date;
  /** Where files live (platform/blobs): a folder, or an S3-compatible bucket. */
  blobs: BlobStore;
  /** Signs and checks links to files (platform/crypto/signed-links.ts). */
  links: LinkSigner;
  /** Where work that outlives a request goes (exports): pg-boss queues, sent after commit (platform/jobs). */
  tasks: TaskQueue;
};

/**
 * Who may call a route. Every route states it, and the wrapper enforces it before the handler
 * runs: "user" needs a session, "project" also an X-Project-Id the caller belongs to.
 * Per-object permission checks come on top, inside the handler, with the object loaded. "network" is the card
 * network (no user): it needs the X-Network-Key header; "mail-relay" is a mail relay handing over e-mailed receipts:
 * it needs X-Mail-Relay-Key (shared-keys.ts).
 */
export type Access = "public" | "user" | "project" | "network" | "mail-relay";

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
  /**
   * Instead of `body`: the body's schema when the handler's service parses it itself, after its policy question (a
   * caller who may not act is refused before anything is said about the body). The route hands the service the
   * cleaned body unparsed; /v1/docs publishes this schema as the body's shape.
   */
  checkedBody?: Schema;
  /** A whitelist: fields the handler returns beyond it are dropped, so nothing leaks by accident. */
  response: R;
  status?: number;
  /**
   * False for answers that carry a secret (a bearer token): the idempotency layer must not store them, since
   * tokens are kept only as hashes. Defaults to true.
   */
  replayable?: boolean;
  /**
   * The route takes one file as multipart/form-data in this field, of at most `maxBytes`. The handler reads it
   * with `upload()` when it chooses, after asking the policy; other routes refuse a multipart body.
   */
  upload?: { field: string; maxBytes: number };
  handler: (input: {
    ctx: ContextFor<A>;
    params: Out<P>;
    query: Out<Q>;
    /** Parsed by `body`; with `checkedBody` (or none) what the client sent, cleaned, for the service to parse. */
    body: B extends Schema ? z.output<B> : unknown;
    deps: AppDeps;
    /** Reads the route's file (see `upload`); refuses a request that is not multipart. */
    upload: () => Promise<UploadResult>;
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
  /** `json` answers (the default) or a file streamed with its own headers (defineFileRoute). */
  produces: "json" | "file";
  /** Set when the route takes a multipart upload (OpenAPI describes the body so). */
  upload?: { field: string; maxBytes: number };
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

/** The body a handler gets: parsed by the route's `body`, or (for `checkedBody`) as sent, for its service to parse. */
const bodyOf = <B extends Schema | undefined>(spec: { body?: B; checkedBody?: Schema }, cleaned: unknown) =>
  (spec.body ? parseWith(spec.body, cleaned) : spec.checkedBody ? cleaned : undefined) as B extends Schema
    ? z.output<B>
    : unknown;

/** The caller's context and the cleaned, parsed params and query: what every route starts from. */
const prepare = async <A extends Access, P extends Schema | undefined, Q extends Schema | undefined>(
  request: FastifyRequest,
  deps: AppDeps,
  spec: { access: A; params?: P; query?: Q },
) => {
  if (spec.access === "network") requireNetworkKey(request.headers, deps.config);
  if (spec.access === "mail-relay") requireMailRelayKey(request.headers, deps.config);
  const ctx = narrow(await requestContext(deps.db, request), spec.access);
  return {
    ctx,
    params: parseWith<P>(spec.params, cleanInput(request.params, "params")),
    query: parseWith<Q>(spec.query, cleanInput(request.query, "query")),
  };
};

/** The one way to declare a REST route: Fastify registration and the OpenAPI document both read it. */
export const defineRoute = <
  A extends Access,
  R extends Schema,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  spec: RouteSpec<A, P, Q, B, R>,
): RestRoute => {
  if (spec.body && spec.checkedBody) throw new Error(`${spec.method} ${spec.path}: body or checkedBody, not both`);
  return {
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    tag: spec.tag,
    access: spec.access,
    status: spec.status ?? 200,
    replayable: spec.replayable ?? true,
    schemas: { params: spec.params, query: spec.query, body: spec.body ?? spec.checkedBody, response: spec.response },
    produces: "json",
    upload: spec.upload,
    run: async (request, deps) => {
      const { ctx, params, query } = await prepare(request, deps, spec);
      const { upload } = spec;
      const result = await spec.handler({
        ctx,
        params,
        query,
        // A multipart body is read by `upload()`, never parsed as the route's body.
        body: bodyOf(spec, upload ? undefined : cleanInput(request.body, "body")),
        deps,
        upload: () =>
          upload
            ? readUpload(request, upload)
            : Promise.reject(new Error(`${spec.method} ${spec.path} declares no upload`)),
      });
      const output = spec.response.safeParse(result);
      // A handler returning the wrong shape is our bug, not the client's: it must be a 500, not a 422.
      if (!output.success) {
        throw new Error(`Response of ${spec.method} ${spec.path} does not match its schema`, { cause: output.error });
      }
      return output.data;
    },
  };
};

/** A file to stream as a route's answer (defineFileRoute), with the headers it is sent with. */
export class FileAnswer {
  constructor(
    readonly file: {
      stream: Readable;
      size: number;
      contentType: string;
      fileName: string;
      /** `inline` shows it in the browser (images, PDF); `attachment` saves it. */
      disposition: "inline" | "attachment";
      /** How long the browser may keep it (Cache-Control: private): at most until its link expires. */
      maxAgeSeconds: number;
    },
  ) {}
}

export type FileRouteSpec<A extends Access, P extends Schema | undefined, Q extends Schema | undefined> = {
  path: string;
  summary: string;
  tag: string;
  access: A;
  params?: P;
  query?: Q;
  handler: (input: { ctx: ContextFor<A>; params: Out<P>; query: Out<Q>; deps: AppDeps }) => Promise<FileAnswer>;
};

/** A GET route that answers with a file instead of JSON (a signed link's target). */
export const defineFileRoute = <
  A extends Access,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(
  spec: FileRouteSpec<A, P, Q>,
): RestRoute => ({
  method: "GET",
  path: spec.path,
  summary: spec.summary,
  tag: spec.tag,
  access: spec.access,
  status: 200,
  replayable: false,
  schemas: { params: spec.params, query: spec.query, response: z.instanceof(FileAnswer) },
  produces: "file",
  run: async (request, deps) => {
    const { ctx, params, query } = await prepare(request, deps, spec);
    return spec.handler({ ctx, params, query, deps });
  },
});

/** `filename="…"` in ASCII for old clients, and `filename*` in UTF-8 for the real name (RFC 6266). */
export const contentDisposition = (disposition: "inline" | "attachment", fileName: string): string => {
  const ascii = fileName
    .normalize("NFKD")
    .replace(/[^\x20-\x7E]/g, "")
    .replace(/["\\]/g, "")
    .trim();
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii || "file"}"; filename*=UTF-8''${encoded}`;
};

/**
 * Sends a file answer. The security headers stay (nosniff above all: the type is the one detected on upload); its
 * own policy lets the dashboard show it in a frame of the same origin and lets it run nothing.
 */
const sendFile = (reply: FastifyReply, { file }: FileAnswer) => {
  keepCacheControl(reply.request);
  return reply
    .status(200)
    .header("content-type", file.contentType)
    .header("content-length", String(file.size))
    .header("content-disposition", contentDisposition(file.disposition, file.fileName))
    .header("cache-control", `private, max-age=${Math.max(0, Math.floor(file.maxAgeSeconds))}`)
    .header(
      "content-security-policy",
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    )
    .header("x-frame-options", "SAMEORIGIN")
    .send(file.stream);
};

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
      config: { acceptsUpload: route.upload !== undefined },
      handler: async (request, reply) => {
        const answer = await runner(route, request);
        if (answer.body instanceof FileAnswer) return sendFile(reply, answer.body);
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
