import { rest } from "../api/client.ts";
import { queryClient } from "../query-client.ts";
import { clearAuth } from "./auth-token.ts";

/**
 * Ends the session: `DELETE /v1/tokens` with the token as it is (no renewal first), then forgets the token and
 * every cached answer, whatever the server said: an unreachable server must not keep anyone signed in. The
 * caller navigates to `/`.
 */
export const signOut = async (): Promise<void> => {
  try {
    await rest("DELETE", "/tokens", undefined, { session: "token", withProject: false });
  } catch {
    // Already ended, expired or unreachable: forgetting it locally is what matters now.
  }
  clearAuth();
  queryClient.clear();
};
