import { useEffect } from "react";

/**
 * The shared Zod schemas (`@kort/core/validation`), loaded just after the sign-in page shows instead of with it:
 * Zod is a fifth of the first load's budget (issue 10), and the form needs it only when it is sent.
 */
type Schemas = typeof import("@kort/core/validation");

let loading: Promise<Schemas> | undefined;

export const loadSchemas = (): Promise<Schemas> => {
  loading ??= import("@kort/core/validation");
  return loading;
};

/** Starts the download when the page mounts, so a submit a moment later does not wait for it. */
export const usePrefetchSchemas = (): void => {
  useEffect(() => {
    void loadSchemas();
  }, []);
};
