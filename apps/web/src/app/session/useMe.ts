import { useQuery } from "@tanstack/react-query";
import { graphql } from "../api/client.ts";
import { SESSION_QUERY_ROOT } from "../query-client.ts";
import { ME_QUERY, type Me } from "./session.graphql.ts";

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
      return (await graphql<{ me: Me }>(ME_QUERY, undefined, options)).me;
    },
  });
