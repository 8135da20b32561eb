/**
 * `node --import ./src/platform/runtime/typescript.mjs src/main.ts`: how the server (and its task processes) run
 * from TypeScript. The hooks are in typescript-hooks.mjs, which says why this is not tsx.
 */
import { register } from "node:module";

register("./typescript-hooks.mjs", import.meta.url);
// Errors' stacks point at the TypeScript lines (the hooks write inline source maps).
process.setSourceMapsEnabled(true);
