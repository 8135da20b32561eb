import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import helmet from "helmet";
import { isApiPath } from "./web-app.ts";

/**
 * The dashboard's Content Security Policy. Vite builds scripts and styles into files served from
 * our own origin; Mantine injects <style> tags at run time, hence 'unsafe-inline' for styles (never
 * for scripts). Images may be data: or blob: URLs (previews of uploads). Nothing may frame us.
 */
const directives = (production: boolean, widgets: readonly string[]): Record<string, string[]> => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...widgets],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'", ...widgets],
  imgSrc: ["'self'", "data:", "blob:", ...widgets],
  fontSrc: ["'self'", "data:", ...widgets],
  connectSrc: ["'self'", ...widgets],
  // A configured chat-support widget (docs/support.md) draws its window in a frame of its own origin.
  ...(widgets.length > 0 ? { frameSrc: ["'self'", ...widgets] } : {}),
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Only behind TLS: on a developer's plain-HTTP machine it would break every request but localhost's.
  ...(production ? { upgradeInsecureRequests: [] } : {}),
});

/**
 * GraphiQL (development only, see yoga.ts) is one inline-scripted page that loads its code, styles
 * and editor workers from unpkg. It gets its own, looser policy; production never serves it.
 */
const GRAPHIQL_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' https://unpkg.com",
  "style-src 'self' 'unsafe-inline' https://unpkg.com",
  "connect-src 'self' https://unpkg.com",
  "worker-src 'self' blob:",
  "img-src 'self' data: blob: https://raw.githubusercontent.com",
  "font-src 'self' data: https://unpkg.com",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** One year, subdomains included: production only (a developer's http://127.0.0.1 must not be pinned to HTTPS). */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * What a JSON answer needs (OWASP's REST security headers): it loads nothing, so its policy allows nothing, and nothing
 * may frame it, sniff it into HTML or send its URL on as a referrer. The page headers written for documents (DNS
 * prefetch, old IE's download prompt, Flash's cross-domain policy, origin-keyed agent clusters, the opener policy) mean
 * nothing to fetch() and cost every API answer its bytes and Node's header checks.
 */
const apiHeaders = (production: boolean): Record<string, string> => ({
  "content-security-policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-resource-policy": "same-origin",
  ...(production ? { "strict-transport-security": HSTS } : {}),
});

/** Page headers from helmet, which keeps the list of what browsers need current; run once against a recorder. */
const pageHeaders = (production: boolean, widgetOrigins: readonly string[]): Record<string, string> => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directives(production, widgetOrigins) },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HSTS is ours (HSTS above), the same on pages and API answers.
    strictTransportSecurity: false,
    xFrameOptions: { action: "deny" },
  })({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return production ? { ...headers, "strict-transport-security": HSTS } : headers;
};

/**
 * The headers every answer carries: the dashboard's pages and files get helmet's set with the CSP above, the API
 * (/v1, /graphql, /healthz) the JSON set. Both are static, so they are computed once, and the same maps serve answers
 * that Fastify's hooks never see (framework-errors.ts).
 */
export const securityHeaders = ({
  production,
  widgetOrigins = [],
}: {
  production: boolean;
  /** Origins of a configured third-party widget (the chat support's script), allowed besides our own. */
  widgetOrigins?: readonly string[];
}): SecurityHeaders =>
  Object.freeze({
    page: Object.freeze(pageHeaders(production, widgetOrigins)),
    api: Object.freeze(apiHeaders(production)),
  });

/** The set for an answer at `url`. */
export const securityHeadersFor = (headers: SecurityHeaders, url: string): HeaderSet =>
  isApiPath(url) ? headers.api : headers.page;

/** What no cache may keep: every API answer, and any answer to a request that carried credentials. */
export const NO_STORE = "no-store";

/** Answers that set their own Cache-Control on purpose (a file behind a signed link: `private`, until it expires). */
const ownCacheControl = new WeakSet<FastifyRequest>();

/** Keeps the answer's own Cache-Control instead of no-store (rest.ts, file answers). */
export const keepCacheControl = (request: FastifyRequest): void => {
  ownCacheControl.add(request);
};

const carriesCredentials = (request: FastifyRequest): boolean =>
  request.headers.authorization !== undefined || request.headers.cookie !== undefined;

/**
 * A file answer keeps its own (`private`, never shared caches). Answers without a Cache-Control of their own (errors, the SPA's 404s) are not stored either; the
 * web app's files keep theirs (web-app.ts sets it on the raw response, hence both places are read).
 */
const cacheControlFor = (request: FastifyRequest, reply: FastifyReply): string | undefined => {
  if (ownCacheControl.has(request) && reply.statusCode === 200) return undefined;
  if (isApiPath(request.url) || carriesCredentials(request)) return NO_STORE;
  const own = reply.getHeader("cache-control") ?? reply.raw.getHeader("cache-control");
  return own === undefined ? NO_STORE : undefined;
};

const isGraphiQL = (request: FastifyRequest, reply: FastifyReply): boolean =>
  /^\/graphql(\?|$)/.test(request.url) && String(reply.getHeader("content-type") ?? "").startsWith("text/html");

export type HeaderSet = Readonly<Record<string, string>>;
export type SecurityHeaders = Readonly<{ page: HeaderSet; api: HeaderSet }>;

/**
 * Security headers (from securityHeaders) and the request id on every answer Fastify sends, Cache-Control by the
 * rules above.
 */
export const registerSecurityHeaders = (
  app: FastifyInstance,
  headers: SecurityHeaders,
  { production }: { production: boolean },
): void => {
  // Hooks on every request take Fastify's callback form: an async hook costs a promise and a turn of the queue. The
  // request id rides along, so one request can be followed from the client's answer to the log.
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(securityHeadersFor(headers, request.url));
    reply.header("x-request-id", request.id);
    done();
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    const cacheControl = cacheControlFor(request, reply);
    if (cacheControl) reply.header("cache-control", cacheControl);
    if (!production && isGraphiQL(request, reply)) reply.header("content-security-policy", GRAPHIQL_CSP);
    done(null, payload);
  });
};
