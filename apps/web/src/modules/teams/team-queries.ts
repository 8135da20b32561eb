import { useQuery } from "@tanstack/react-query";
import { request } from "../../app/api/client.ts";
import { TEAM_QUERY, TEAMS_QUERY } from "./teams.graphql.ts";

/** Every teams query key starts here, so one invalidation refreshes the list and the open team. */
export const TEAMS_QUERY_ROOT = "teams";

/** The teams of the selected project; `mine` keeps the caller's own (what non-managers see). */
export const useTeams = (mine: boolean) =>
  useQuery({
    queryKey: [TEAMS_QUERY_ROOT, "list", mine],
    queryFn: async ({ signal }) => (await request(TEAMS_QUERY, { mine }, { signal })).teams,
  });

export const useTeam = (id: string) =>
  useQuery({
    queryKey: [TEAMS_QUERY_ROOT, "one", id],
    queryFn: async ({ signal }) => (await request(TEAM_QUERY, { id }, { signal })).team,
  });
