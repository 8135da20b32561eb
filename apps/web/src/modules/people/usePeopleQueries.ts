import { useQuery } from "@tanstack/react-query";
import { request } from "../../app/api/client.ts";
import { ASSIGNABLE_ROLES_QUERY, INVITE_TEAMS_QUERY, PENDING_INVITES_QUERY, PEOPLE_QUERY } from "./people.graphql.ts";
import { PROJECT_USERS_QUERY_KEY } from "./useProjectUsers.ts";

/**
 * Every People query key starts with the members' key, so one invalidation after a change refreshes the
 * page, the invitations and the member pickers of other pages.
 */
export const PEOPLE_QUERY_ROOT = PROJECT_USERS_QUERY_KEY;

/** Spec 9: the page shows up to 200 people; the search narrows them. */
export const PEOPLE_PAGE_SIZE = 200;

export const usePeople = (search: string) =>
  useQuery({
    queryKey: [...PEOPLE_QUERY_ROOT, "page", search],
    queryFn: async ({ signal }) =>
      (await request(PEOPLE_QUERY, { search: search || null, page: 1, limit: PEOPLE_PAGE_SIZE }, { signal })).users,
    // The table stays while the next search loads.
    placeholderData: (previous) => previous,
  });

export const usePendingInvites = () =>
  useQuery({
    queryKey: [...PEOPLE_QUERY_ROOT, "invites"],
    queryFn: async ({ signal }) => (await request(PENDING_INVITES_QUERY, {}, { signal })).pending_project_invites,
  });

/** The roles the caller may give others (get_available_roles), in the server's order. */
export const useAssignableRoles = () =>
  useQuery({
    queryKey: [...PEOPLE_QUERY_ROOT, "assignable-roles"],
    queryFn: async ({ signal }) =>
      (await request(ASSIGNABLE_ROLES_QUERY, {}, { signal })).available_roles.get_available_roles.map(
        (role) => role.name,
      ),
  });

export const useInviteTeams = (enabled: boolean) =>
  useQuery({
    queryKey: [...PEOPLE_QUERY_ROOT, "invite-teams"],
    queryFn: async ({ signal }) => (await request(INVITE_TEAMS_QUERY, {}, { signal })).teams,
    enabled,
  });
