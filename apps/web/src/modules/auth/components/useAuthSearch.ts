import { useSearchParams } from "react-router";

/**
 * The query that rides along through the sign-in steps: only `redirectTo`, so the last step knows where the
 * visitor was headed. Empty when there is none.
 */
export const useAuthSearch = (): string => {
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo");
  return redirectTo ? `?${new URLSearchParams({ redirectTo }).toString()}` : "";
};
