import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** The Vite build of apps/web, relative to this file so it works from any working directory. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../../../web/dist", import.meta.url));

/** Paths that belong to the API: an unknown one is a JSON 404, never the SPA's index.html. */
const API_PREFIXES = ["/v1", "/graphql", "/healthz"];

/**
 * Whether a request's URL (a path, with or without a query) is an API path: a prefix itself or below it. Every answer
 * asks twice (its security headers and its Cache-Control), so it reads the URL in place rather than splitting it.
 */
export const isApiPath = (url: string): boolean =>
  API_PREFIXES.some((prefix) => {
    if (!url.startsWith(prefix)) return false;
    const next = url[prefix.length];
    return next === undefined || next === "/" || next === "?";
  });

/**
 * Whether a request is a browser navigation that the SPA should answer. A missing script or image
 * (Accept: *\/*) must stay a 404, or the browser would parse HTML as JavaScript.
 */
export const wantsSpa = (request: FastifyRequest): boolean => {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (isApiPath(request.url)) return false;
  const accept = request.headers.accept ?? "";
  return accept.includes("text/html");
};

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Kort: web app not built</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 4rem auto">
<h1>The Kort web app has not been built</h1>
<p>The API is running, but <code>apps/web/dist</code> does not exist.</p>
<p>Run <code>npm run build</code> and restart the server (or use <code>npm start</code>, which builds first).</p>
</body></html>
`;

export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * Serves the built web app with @fastify/static and returns the SPA fallback: index.html for
 * browser navigations to client-side routes (/auth, /cards, /Version...). When the build is
 * missing, navigations get a page saying how to build it.
 */
export const registerWebApp = async (app: FastifyInstance, distDir: string): Promise<SpaFallback> => {
  if (!existsSync(path.join(distDir, "index.html"))) {
    app.log.warn({ distDir }, "web app not built: run `npm run build`");
    return (_request, reply) => reply.status(503).type("text/html; charset=utf-8").send(NOT_BUILT_PAGE);
  }
  await app.register(fastifyStatic, {
    root: distDir,
    // Vite fingerprints everything under assets/, so those can be cached for good; index.html must
    // be revalidated or a deploy would keep serving old asset names.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  return (_request, reply) => reply.sendFile("index.html");
};
