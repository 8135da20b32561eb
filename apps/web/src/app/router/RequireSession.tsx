import { Navigate, Outlet, useLocation } from "react-router";
import { unlockEnabledHere } from "../../mobile/unlock-flag.ts";
import { isSessionRenewable, readAuth, readUsableAuth } from "../session/auth-token.ts";
import { authRedirectPath } from "./redirect-path.ts";

/**
 * Signed-in routes: without an approved, unexpired token the visitor goes to sign-in, remembering the page. In the
 * employee app on a phone where unlock with biometrics is on (issue 17), a session that cannot be renewed is
 * begun again at /app/unlock instead of the passcode.
 */
export function RequireSession() {
  const { pathname, search } = useLocation();
  if (!readUsableAuth()) {
    const app = pathname === "/app" || pathname.startsWith("/app/");
    if (app && !isSessionRenewable(readAuth(), new Date()) && unlockEnabledHere()) {
      return <Navigate to={`/app/unlock?redirectTo=${encodeURIComponent(`${pathname}${search}`)}`} replace />;
    }
    return <Navigate to={authRedirectPath(pathname, search)} replace />;
  }
  return <Outlet />;
}
