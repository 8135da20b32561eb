import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { PATHS } from "../../../app/router/paths.ts";
import { type PendingSignIn, readPendingSignIn } from "../pending-sign-in.ts";
import { useAuthSearch } from "./useAuthSearch.ts";

/** The sign-in steps after the e-mail need the pending token; without one (another tab, a bookmark) start over. */
export function RequirePendingSignIn({ children }: { children: (pending: PendingSignIn) => ReactNode }) {
  const search = useAuthSearch();
  const pending = readPendingSignIn();
  if (!pending) return <Navigate to={`${PATHS.auth}${search}`} replace />;
  return children(pending);
}
