import { graphql, type ResultOf } from "../../app/api/graphql.ts";

/** The members of the selected project the caller may read (spec 7: users with role and teams). */
export const USERS_QUERY = graphql(`
  query Users($search: String) {
    users(search: $search) {
      count
      nodes {
        user_id
        full_name
        email
        role
        teams {
          id
          name
        }
      }
    }
  }
`);

export type ProjectUser = ResultOf<typeof USERS_QUERY>["users"]["nodes"][number];
