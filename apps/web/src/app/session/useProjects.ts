import { useQuery } from "@tanstack/react-query";
import { request } from "../api/client.ts";
import { SESSION_QUERY_ROOT } from "../query-client.ts";
import { selectProject } from "./project-store.ts";
import { chooseProject, type Project, readSelectedProjectId } from "./selected-project.ts";
import { PROJECTS_QUERY } from "./session.graphql.ts";

export const PROJECTS_QUERY_KEY = [SESSION_QUERY_ROOT, "projects"] as const;

export type UserProjects = {
  active: Project[];
  /** Companies whose registration the platform declined (issue 9): disabled, named on the no-projects page. */
  rejected: Project[];
};

/**
 * The user's active projects, and those the platform rejected. Loading them also settles the selection (spec 4):
 * the stored project if it is still there, else the first, else none; this happens before any page asks for
 * project data.
 */
export const useProjects = () =>
  useQuery({
    queryKey: PROJECTS_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const { projects } = await request(PROJECTS_QUERY, {}, { withProject: false, signal });
      const active = projects.filter((project) => project.enabled);
      selectProject(chooseProject(active, readSelectedProjectId())?.id ?? null);
      const rejected = projects.filter((project) => project.approval_status === "rejected");
      return { active, rejected } satisfies UserProjects;
    },
  });
