/**
 * The module hooks that run Kort's server from its TypeScript sources (registered by typescript.mjs): each `.ts` file
 * is turned into JavaScript by esbuild as it is loaded, with an inline source map for stack traces.
 *
 * Why not tsx, which the scripts and the bench runner use: tsx compiles with esbuild's `keepNames`, which wraps every
 * named function and closure in a `__name()` call that runs `Object.defineProperty` each time the closure is made.
 * The request path makes many closures, and that cost a request about 40 µs of the server's CPU: `GET
 * /v1/users/current` served 0.79x of a bare node:http server under tsx and 0.90x here (npm run bench, issue 10).
 *
 * Only the TypeScript is compiled: the imports are written with their `.ts` extensions (tsconfig
 * allowImportingTsExtensions), so Node's own resolution finds every file; types are checked by `tsc`, not here.
 */
import { readFile } from "node:fs/promises";
import { transform } from "esbuild";

/** tsconfig.base.json's options that change the JavaScript: imports kept as written, class fields defined. */
const TSCONFIG = { compilerOptions: { verbatimModuleSyntax: true, useDefineForClassFields: true } };

const TYPESCRIPT = /\.[cm]?ts$/;

export async function load(url, context, nextLoad) {
  if (!url.startsWith("file:")) return nextLoad(url, context);
  const file = new URL(url);
  if (!TYPESCRIPT.test(file.pathname)) return nextLoad(url, context);
  const path = decodeURIComponent(file.pathname);
  const { code } = await transform(await readFile(path, "utf8"), {
    loader: "ts",
    format: "esm",
    target: "node20",
    sourcemap: "inline",
    sourcefile: path,
    tsconfigRaw: TSCONFIG,
  });
  return { format: "module", source: code, shortCircuit: true };
}
