import { prefetched, usePrefetch } from "../../app/router/prefetched.ts";

/**
 * The shared Zod schemas (`@kort/core/validation`), loaded just after the sign-in page shows instead of with it:
 * Zod is a fifth of the first load's budget (issue 10), and the form needs it only when it is sent.
 */
const schemas = prefetched(() => import("@kort/core/validation"));

export const loadSchemas = schemas.load;

/** Starts the download when the page mounts, so a submit a moment later does not wait for it. */
export const usePrefetchSchemas = (): void => usePrefetch(schemas);
