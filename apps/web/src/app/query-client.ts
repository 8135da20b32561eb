import { QueryClient } from "@tanstack/react-query";
import { toApiError } from "./api/api-error.ts";

/** Answers that another try would not change. */
const FINAL = new Set(["UNAUTHENTICATED", "ACCESS_DENIED", "NOT_FOUND", "PROJECT_NOT_FOUND", "VALIDATION_FAILED"]);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => failures < 2 && !FINAL.has(toApiError(error).code),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});

/** Session data (who is signed in, their projects) outlives a project switch; everything else is per project. */
export const SESSION_QUERY_ROOT = "session";

export const resetProjectQueries = (): Promise<void> =>
  queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_ROOT });
