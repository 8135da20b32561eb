import type { RoleName } from "@kort/core";
import type { Project } from "./selected-project.ts";

/** Who is signed in (spec 3, User). */
export const ME_QUERY = /* GraphQL */ `
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
`;

export type Me = {
  user_id: string;
  full_name: string;
  preferred_name: string | null;
  email: string;
  created_at: string;
  image: { thumbnail_url: string | null; url: string | null } | null;
};

/** The projects the signed-in user belongs to. */
export const PROJECTS_QUERY = /* GraphQL */ `
  query Projects {
    projects {
      id
      title
      host
      enabled
      approval_status
    }
  }
`;

export type ProjectsResult = { projects: Project[] };

/** The caller's role in the selected project (sent as X-Project-Id). */
export const CURRENT_ROLE_QUERY = /* GraphQL */ `
  query CurrentRole {
    current_role {
      name
    }
  }
`;

export type CurrentRoleResult = { current_role: { name: RoleName } | null };
