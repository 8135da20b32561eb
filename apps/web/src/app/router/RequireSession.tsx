import { Navigate, Outlet, useLocation } from "react-router";
import { readUsableAuth } from "../session/auth-token.ts";
import { authRedirectPath } from "./redirect-path.ts";

/** Signed-in routes: without an approved, unexpired token the visitor goes to sign-in, remembering the page. */
export function RequireSession() {
  const { pathname, search } = useLocation();
  if (!readUsableAuth()) return <Navigate to={authRedirectPath(pathname, search)} replace />;
  return <Outlet />;
}
