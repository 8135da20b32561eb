import { graphql, type ResultOf, type VariablesOf } from "../../app/api/graphql.ts";

/** GraphQL documents of the People page (spec 7: users, invites, set role, remove user, limit control). */

export const PEOPLE_QUERY = graphql(`
  query People($search: String, $page: Int, $limit: Int) {
    users(search: $search, page: $page, limit: $limit) {
      total_count
      nodes {
        user_id
        full_name
        email
        role
        locked
        teams {
          id
          name
        }
        limit_control {
          max_monthly_limit
          allow_issuing_cards_to_self
        }
      }
    }
  }
`);

export type Person = ResultOf<typeof PEOPLE_QUERY>["users"]["nodes"][number];

export const PENDING_INVITES_QUERY = graphql(`
  query PendingInvites {
    pending_project_invites {
      id
      email
      role
      team {
        id
        name
      }
      created_at
      expires_at
    }
  }
`);

export type PendingInvite = ResultOf<typeof PENDING_INVITES_QUERY>["pending_project_invites"][number];

/** What the invite panel and the role picker offer: the roles the caller may give, and the teams. */
export const ASSIGNABLE_ROLES_QUERY = graphql(`
  query AssignableRoles {
    available_roles {
      get_available_roles {
        name
      }
    }
  }
`);

export const INVITE_TEAMS_QUERY = graphql(`
  query InviteTeams {
    teams {
      id
      name
    }
  }
`);

export const SEND_INVITE_MUTATION = graphql(`
  mutation SendProjectInvite($email: String!, $role_name: String!, $team_id: ID, $settings: InviteSettingsInput) {
    send_project_invite(email: $email, role_name: $role_name, team_id: $team_id, settings: $settings)
  }
`);

export type SendInviteVariables = VariablesOf<typeof SEND_INVITE_MUTATION>;

export const REVOKE_INVITE_MUTATION = graphql(`
  mutation RevokeInvite($id: ID!) {
    revoke_invite(id: $id)
  }
`);

export const SET_ROLE_MUTATION = graphql(`
  mutation SetRole($user_id: ID!, $role_name: String!) {
    set_role(user_id: $user_id, role_name: $role_name) {
      user_id
      role
    }
  }
`);

export const SET_LIMIT_CONTROL_MUTATION = graphql(`
  mutation SetUserLimitControl($user_id: ID!, $max_monthly_limit: Int, $allow_issuing_cards_to_self: Boolean!) {
    set_user_limit_control(
      user_id: $user_id
      max_monthly_limit: $max_monthly_limit
      allow_issuing_cards_to_self: $allow_issuing_cards_to_self
    ) {
      user_id
    }
  }
`);

export const REMOVE_USER_MUTATION = graphql(`
  mutation RemoveUserFromProject($user_id: ID!) {
    remove_user_from_project(user_id: $user_id) {
      user_id
      closed_cards
      reassigned_cards
    }
  }
`);

export type RemoveUserResult = ResultOf<typeof REMOVE_USER_MUTATION>;

export const UNLOCK_USER_MUTATION = graphql(`
  mutation UnlockUser($user_id: ID!) {
    unlock_user(user_id: $user_id) {
      user_id
      locked
    }
  }
`);
