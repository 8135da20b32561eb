import { Navigate, useSearchParams } from "react-router";
import { PublicLayout } from "../../app/layouts/PublicLayout.tsx";
import { afterSignInPath } from "../../app/router/redirect-path.ts";
import { readUsableAuth } from "../../app/session/auth-token.ts";

/** `/auth`: a visitor who still holds a usable session goes straight on to where they were headed. */
export function AuthLayout() {
  const [params] = useSearchParams();
  if (readUsableAuth()) return <Navigate to={afterSignInPath(params.get("redirectTo"))} replace />;
  return <PublicLayout />;
}
