import { Navigate, useLocation } from "react-router";
import { APP_PATHS } from "../../mobile/app-paths.ts";
import { toApiError } from "../api/api-error.ts";
import { HOME_PATH, PATHS } from "../router/paths.ts";
import { useSelectedProjectId } from "../session/project-store.ts";
import { useCurrentRole } from "../session/useCurrentRole.ts";
import { useMe } from "../session/useMe.ts";
import { useProjects } from "../session/useProjects.ts";
import { useSessionKeepAlive } from "../session/useSessionKeepAlive.ts";
import { FullPageError } from "../states/FullPageError.tsx";
import { FullPageLoading } from "../states/FullPageLoading.tsx";
import { NoActiveProjects } from "../states/NoActiveProjects.tsx";
import { NotAdminUser } from "../states/NotAdminUser.tsx";
import { ShellLayout } from "./ShellLayout.tsx";

/**
 * Loads who is signed in, their projects (spec 4) and their role in the selected one, then shows the frame or
 * the matching full-page state. The dashboard is for admins: role `user` gets the not-an-admin screen.
 */
export function Shell() {
  useSessionKeepAlive();
  const projects = useProjects();
  const me = useMe();
  const projectId = useSelectedProjectId();
  const role = useCurrentRole(projects.isSuccess ? projectId : null);
  const { pathname } = useLocation();
  if (projects.isError) return <FullPageError error={toApiError(projects.error)} />;
  if (me.isError) return <FullPageError error={toApiError(me.error)} />;
  if (projects.isPending || me.isPending) return <FullPageLoading />;
  const { active, rejected } = projects.data;
  if (active.length === 0) return <NoActiveProjects rejected={rejected} />;
  if (role.isError) return <FullPageError error={toApiError(role.error)} />;
  if (role.isPending) return <FullPageLoading />;
  // An employee's own settings live in the app: a link to personal settings (an alias's verification page) goes there.
  if (role.data === "user" && pathname === PATHS.personalSettings) return <Navigate to={APP_PATHS.account} replace />;
  if (role.data === "user") return <NotAdminUser projects={active} />;
  // A platform owner has no company's expenses to see: their home is the platform console.
  if (role.data === "platform_owner" && pathname === HOME_PATH) return <Navigate to={PATHS.platform} replace />;
  return <ShellLayout projects={active} me={me.data} />;
}
