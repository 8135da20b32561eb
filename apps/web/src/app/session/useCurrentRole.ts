import { useQuery } from "@tanstack/react-query";
import { request } from "../api/client.ts";
import { SESSION_QUERY_ROOT } from "../query-client.ts";
import { CURRENT_ROLE_QUERY } from "./session.graphql.ts";

/** The signed-in user's role in the selected project; waits until a project is selected. */
export const useCurrentRole = (projectId: string | null) =>
  useQuery({
    queryKey: [SESSION_QUERY_ROOT, "current-role", projectId],
    queryFn: async ({ signal }) => (await request(CURRENT_ROLE_QUERY, {}, { signal })).current_role?.name ?? null,
    enabled: projectId !== null,
    // Switching project keeps the frame on screen while the new role loads.
    placeholderData: (previous) => previous,
  });
