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

/**
 * The headers every answer carries, computed once by helmet (which keeps the list of what browsers
 * need current): CSP, nosniff, Referrer-Policy, X-Frame-Options, cross-origin policies, and HSTS in
 * production only (a developer's http://127.0.0.1 must not be pinned to HTTPS). They are static, so
 * helmet runs once against a recorder instead of on every request, and the same map serves answers
 * that Fastify's hooks never see (framework-errors.ts).
 */
export const securityHeaders = ({
  production,
  widgetOrigins = [],
}: {
  production: boolean;
  /** Origins of a configured third-party widget (the chat support's script), allowed besides our own. */
  widgetOrigins?: readonly string[];
}): SecurityHeaders => {
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
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
  })({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
};

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

export type SecurityHeaders = Readonly<Record<string, string>>;

/** Security headers (from securityHeaders) on every answer Fastify sends, Cache-Control by the rules above. */
export const registerSecurityHeaders = (
  app: FastifyInstance,
  headers: SecurityHeaders,
  { production }: { production: boolean },
): void => {
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    const cacheControl = cacheControlFor(request, reply);
    if (cacheControl) reply.header("cache-control", cacheControl);
    if (!production && isGraphiQL(request, reply)) reply.header("content-security-policy", GRAPHIQL_CSP);
    done(null, payload);
  });
};
