import { graphql, type ResultOf } from "../api/graphql.ts";

/** Who is signed in (spec 3, User). */
export const ME_QUERY = graphql(`
  query Me {
    me {
      user_id
      full_name
      preferred_name
      email
      created_at
      image {
        thumbnail_url
        url
      }
    }
  }
`);

export type Me = NonNullable<ResultOf<typeof ME_QUERY>["me"]>;

/** The projects the signed-in user belongs to. */
export const PROJECTS_QUERY = graphql(`
  query Projects {
    projects {
      id
      title
      host
      enabled
      approval_status
    }
  }
`);

/** The caller's role in the selected project (sent as X-Project-Id). */
export const CURRENT_ROLE_QUERY = graphql(`
  query CurrentRole {
    current_role {
      name
    }
  }
`);
