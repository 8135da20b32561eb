import type { RoleName } from "@kort/core";

/** The members of the selected project the caller may read (spec 7: users with role and teams). */
export const USERS_QUERY = /* GraphQL */ `
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
`;

export type ProjectUser = {
  user_id: string;
  full_name: string;
  email: string;
  role: RoleName;
  teams: { id: string; name: string }[];
};

export type UsersResult = { users: { count: number; nodes: ProjectUser[] } };
