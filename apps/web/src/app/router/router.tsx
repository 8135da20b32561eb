import { createBrowserRouter } from "react-router";
import { setUnauthenticatedHandler } from "../api/client.ts";
import { queryClient } from "../query-client.ts";
import { clearAuth } from "../session/auth-token.ts";
import { authRedirectPath } from "./redirect-path.ts";
import { routes } from "./routes.tsx";

export const router = createBrowserRouter(routes);

/** Spec 3 and 8: when the server no longer knows the token, forget it and sign in again, coming back here. */
setUnauthenticatedHandler(() => {
  clearAuth();
  queryClient.clear();
  const { pathname, search } = router.state.location;
  void router.navigate(authRedirectPath(pathname, search), { replace: true });
});
