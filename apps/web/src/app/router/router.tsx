import { createBrowserRouter } from "react-router";
import { setSessionLostHandler } from "../api/with-session.ts";
import { queryClient } from "../query-client.ts";
import { clearAuth } from "../session/auth-token.ts";
import { PATHS } from "./paths.ts";
import { authRedirectPath, isAuthPath } from "./redirect-path.ts";
import { routes } from "./routes.tsx";

export const router = createBrowserRouter(routes);

/**
 * Spec 4 and 8: a session the server no longer accepts (and that could not be renewed) is forgotten. Usually
 * the browser goes to sign-in and comes back here afterwards; an unauthorized answer for the current user
 * signs out to `/`. Several calls may fail together: only the first one, still off the auth pages, navigates.
 */
setSessionLostHandler((how) => {
  clearAuth();
  queryClient.clear();
  const { pathname, search } = router.state.location;
  if (isAuthPath(pathname)) return;
  void router.navigate(how === "signOut" ? PATHS.root : authRedirectPath(pathname, search), { replace: true });
});
