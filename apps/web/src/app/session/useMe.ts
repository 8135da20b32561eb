import { useQuery } from "@tanstack/react-query";
import { ApiError } from "../api/api-error.ts";
import { request } from "../api/client.ts";
import { SESSION_QUERY_ROOT } from "../query-client.ts";
import { ME_QUERY } from "./session.graphql.ts";

export const ME_QUERY_KEY = [SESSION_QUERY_ROOT, "me"] as const;

/**
 * The signed-in user, for the user menu and personal settings. Spec 8: an unauthorized answer here (after the
 * one renewal) signs out to `/`.
 */
export const useMe = () =>
  useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const options = { withProject: false, onSessionLost: "signOut", signal } as const;
      const { me } = await request(ME_QUERY, {}, options);
      // The schema lets `me` be null (a session whose user is gone): that is a lost session, not a user.
      if (me === null) throw new ApiError("UNAUTHENTICATED", "The signed-in user no longer exists.");
      return me;
    },
  });
