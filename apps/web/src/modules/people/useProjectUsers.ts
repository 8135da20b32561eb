import { useQuery } from "@tanstack/react-query";
import { request } from "../../app/api/client.ts";
import { USERS_QUERY } from "./users.graphql.ts";

export const PROJECT_USERS_QUERY_KEY = ["people", "users"] as const;

/** Every member of the selected project the caller may read, for pickers (members of a team, cardholders). */
export const useProjectUsers = (enabled = true) =>
  useQuery({
    queryKey: PROJECT_USERS_QUERY_KEY,
    queryFn: async ({ signal }) => (await request(USERS_QUERY, {}, { signal })).users.nodes,
    enabled,
  });
