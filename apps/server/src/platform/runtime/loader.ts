/**
 * The `--import` that runs the server's TypeScript (typescript.mjs), as a file URL so the working folder of the
 * process that uses it does not matter: for the servers tests and the bench start, and for the task processes.
 */
export const TYPESCRIPT_LOADER = new URL("./typescript.mjs", import.meta.url).href;
