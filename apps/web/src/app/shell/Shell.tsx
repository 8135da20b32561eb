import { toApiError } from "../api/api-error.ts";
import { useMe } from "../session/useMe.ts";
import { useProjects } from "../session/useProjects.ts";
import { FullPageError } from "../states/FullPageError.tsx";
import { FullPageLoading } from "../states/FullPageLoading.tsx";
import { NoActiveProjects } from "../states/NoActiveProjects.tsx";
import { ShellLayout } from "./ShellLayout.tsx";

/** Loads who is signed in and their projects (spec 4), then shows the frame or the matching full-page state. */
export function Shell() {
  const projects = useProjects();
  const me = useMe();
  if (projects.isError) return <FullPageError error={toApiError(projects.error)} />;
  if (me.isError) return <FullPageError error={toApiError(me.error)} />;
  if (projects.isPending || me.isPending) return <FullPageLoading />;
  if (projects.data.length === 0) return <NoActiveProjects />;
  return <ShellLayout projects={projects.data} me={me.data} />;
}
