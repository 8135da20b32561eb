import { toApiError } from "../api/api-error.ts";
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
  if (projects.isError) return <FullPageError error={toApiError(projects.error)} />;
  if (me.isError) return <FullPageError error={toApiError(me.error)} />;
  if (projects.isPending || me.isPending) return <FullPageLoading />;
  if (projects.data.length === 0) return <NoActiveProjects />;
  if (role.isError) return <FullPageError error={toApiError(role.error)} />;
  if (role.isPending) return <FullPageLoading />;
  if (role.data === "user") return <NotAdminUser projects={projects.data} />;
  return <ShellLayout projects={projects.data} me={me.data} />;
}
