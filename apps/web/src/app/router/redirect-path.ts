import { HOME_PATH, PATHS } from "./paths.ts";

/** `/auth` and every page under it. */
export const isAuthPath = (pathname: string): boolean =>
  pathname === PATHS.auth || pathname.startsWith(`${PATHS.auth}/`);

/** `/auth?redirectTo=<path and query>`: where an unsigned visitor is sent, remembering where they were. */
export const authRedirectPath = (pathname: string, search = ""): string => {
  const target = `${pathname}${search}`;
  if (target === "" || target === PATHS.root || isAuthPath(pathname)) return PATHS.auth;
  return `${PATHS.auth}?redirectTo=${encodeURIComponent(target)}`;
};

/**
 * Where to go after sign-in: the `redirectTo` parameter when it is a path inside this app (not another site,
 * not the auth pages themselves), else the default signed-in page.
 */
export const afterSignInPath = (redirectTo: string | null): string => {
  if (!redirectTo?.startsWith("/") || redirectTo.startsWith("//") || redirectTo.startsWith("/\\")) return HOME_PATH;
  const pathname = redirectTo.split(/[?#]/)[0] ?? "";
  return pathname === PATHS.root || isAuthPath(pathname) ? HOME_PATH : redirectTo;
};
