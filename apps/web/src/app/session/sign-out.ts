import { rest } from "../api/client.ts";
import { queryClient } from "../query-client.ts";
import { clearAuth } from "./auth-token.ts";

/**
 * Ends the session: tells the server (best effort; the headers are built before the token is cleared), forgets
 * the token and every cached answer. The caller navigates on.
 */
export const signOut = (): void => {
  rest("DELETE", "/tokens", undefined, { redirectOnUnauthenticated: false, withProject: false }).catch(() => {
    // The token is forgotten locally either way; an unreachable server must not keep anyone signed in.
  });
  clearAuth();
  queryClient.clear();
};
