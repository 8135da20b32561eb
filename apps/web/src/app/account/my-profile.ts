import { useQuery } from "@tanstack/react-query";
import { request } from "../api/client.ts";
import { graphql } from "../api/graphql.ts";

const MY_PROFILE_QUERY = graphql(`
  query MyProfile {
    my_profile { full_name email phone locale }
  }
`);

export const MY_PROFILE_KEY = ["my-profile"] as const;

/** The signed-in person's own profile, phone included (which `me` leaves out), for personal settings and the app. */
export const useMyProfile = () =>
  useQuery({
    queryKey: MY_PROFILE_KEY,
    queryFn: async ({ signal }) => (await request(MY_PROFILE_QUERY, {}, { signal })).my_profile,
  });
