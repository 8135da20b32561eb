import { useLocation, useNavigate } from "react-router";
import { queryClient } from "../query-client.ts";
import { authRedirectPath } from "../router/redirect-path.ts";
import { clearAuth } from "./auth-token.ts";

/** Forgets the session and goes to sign-in, coming back to this page afterwards. */
export const useLogInAgain = (): (() => void) => {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return () => {
    clearAuth();
    queryClient.clear();
    navigate(authRedirectPath(pathname, search), { replace: true });
  };
};
