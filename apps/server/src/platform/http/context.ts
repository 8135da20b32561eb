import type { Locale } from "@kort/core";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { findSession, type Membership, type SessionUser } from "./context.repo.ts";

export type { Membership, SessionUser };

import {
  basicAuthToken,
  bearerToken,
  hashToken,
  idempotencyKeyHeader,
  localeFrom,
  projectIdHeader,
  requestOrigin,
} from "./headers.ts";

/** Who is calling, for which project, in which language: resolved once per request from the headers. */
export type RequestContext = {
  requestId: string;
  locale: Locale;
  /**
   * SHA-256 of the token the caller presented (Bearer; on DELETE /v1/tokens also Basic), whether or not it is
   * valid now: renewal and sign-out work on tokens that are no longer a session.
   */
  tokenHash: string | undefined;
  /** The client's address (the socket's, or the proxy's X-Forwarded-For when Fastify trusts the proxy). */
  address: string;
  /** `http(s)://host` from a well-formed Host header, for links in e-mails when no public URL is configured. */
  origin: string | undefined;
  /** The caller, when the bearer token is approved and not expired. */
  user: SessionUser | null;
  /** The X-Project-Id header as sent (a valid UUID), whether or not the caller belongs to it. */
  requestedProjectId: string | undefined;
  /** The caller's membership in the requested project, when it exists and the project is enabled. */
  membership: Membership | null;
};

export type UserContext = RequestContext & { user: SessionUser };
export type ProjectContext = UserContext & { membership: Membership };

/** Narrows the context to one with a signed-in user, so handlers never assert with `!`. */
export const requireUser = (ctx: RequestContext): UserContext => {
  const { user } = ctx;
  if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  return { ...ctx, user };
};

/**
 * Narrows to a project the caller belongs to. A project that does not exist and one of another
 * company answer the same PROJECT_NOT_FOUND, so ids cannot be probed.
 */
export const requireProject = (ctx: RequestContext): ProjectContext => {
  const withUser = requireUser(ctx);
  if (!ctx.requestedProjectId) {
    throw new AppError("BAD_REQUEST", "This call needs the X-Project-Id header.", { header: "X-Project-Id" });
  }
  const { membership } = ctx;
  if (!membership) throw new AppError("PROJECT_NOT_FOUND", "The project was not found.");
  return { ...withUser, membership };
};

const resolved = new WeakMap<FastifyRequest, Promise<RequestContext>>();
const settled = new WeakMap<FastifyRequest, RequestContext>();

/** Sign-out is the one call that takes the token as Basic credentials (spec section 7). */
const isSignOut = (request: FastifyRequest): boolean =>
  request.method.toUpperCase() === "DELETE" && request.url.split("?", 1)[0] === "/v1/tokens";

const resolve = async (db: Db, request: FastifyRequest): Promise<RequestContext> => {
  const { headers } = request;
  const requestedProjectId = projectIdHeader(headers);
  const method = request.method.toUpperCase();
  // A malformed Idempotency-Key is the sender's 400 on every write, REST or GraphQL; the REST layer reads the key
  // itself for replay (idempotency.ts).
  if (method === "POST" || method === "PATCH") idempotencyKeyHeader(headers);
  const token = bearerToken(headers) ?? (isSignOut(request) ? basicAuthToken(headers) : undefined);
  const tokenHash = token ? hashToken(token) : undefined;
  // Token, user and membership in one round trip. The membership is looked up eagerly but only enforced by
  // requireProject: calls that do not need a project (the project list itself) must keep working when a stale
  // X-Project-Id is sent.
  const session = tokenHash ? await findSession(db, tokenHash, new Date(), requestedProjectId) : null;
  const user = session?.user ?? null;
  const membership = session?.membership ?? null;
  const ctx: RequestContext = {
    requestId: request.id,
    locale: localeFrom(headers),
    tokenHash,
    address: request.ip,
    origin: requestOrigin(headers, request.protocol),
    user,
    requestedProjectId,
    membership,
  };
  settled.set(request, ctx);
  return ctx;
};

/**
 * The request's context, computed on first use and then shared by REST handlers, GraphQL
 * resolvers and the request log. Static files never ask, so they cost no database round trip.
 */
export const requestContext = (db: Db, request: FastifyRequest): Promise<RequestContext> => {
  const existing = resolved.get(request);
  if (existing) return existing;
  const pending = resolve(db, request);
  resolved.set(request, pending);
  return pending;
};

/** The context if it was resolved during the request; the request log uses it and never triggers a lookup. */
export const settledContext = (request: FastifyRequest): RequestContext | undefined => settled.get(request);
