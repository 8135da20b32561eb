import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { toApiError } from "../api/api-error.ts";
import { queryClient } from "../query-client.ts";
import { authRedirectPath } from "../router/redirect-path.ts";
import { clearAuth, msUntilRenewal, needsRenewal, readAuth } from "./auth-token.ts";
import { renewSession } from "./session-renewal.ts";

/** A renewal that got no answer is tried again after this long. */
const NETWORK_RETRY_MS = 30_000;

/**
 * Keeps an open dashboard signed in: renews the token as it enters its last 5 minutes, even when no call is
 * made. A call that renewed first (the API client does that too) just moves the next check on. A refused
 * renewal goes to sign-in, coming back to this page.
 */
export const useSessionKeepAlive = (): void => {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const auth = readAuth();
      if (!active || !auth) return;
      if (!needsRenewal(auth, new Date())) {
        // Not due yet: wait for it. Past renewing (or not approved): the next call finds out.
        const wait = msUntilRenewal(auth, new Date());
        if (wait > 0) timer = setTimeout(check, wait);
        return;
      }
      renewSession().then(check, (error: unknown) => {
        if (!active) return;
        if (toApiError(error).code === "NETWORK_ERROR") {
          timer = setTimeout(check, NETWORK_RETRY_MS);
          return;
        }
        clearAuth();
        queryClient.clear();
        navigate(authRedirectPath(pathname, search), { replace: true });
      });
    };
    check();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [navigate, pathname, search]);
};
