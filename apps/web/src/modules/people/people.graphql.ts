import type { RoleName, UserLimitControl } from "@kort/core";

/** GraphQL documents of the People page (spec 7: users, invites, set role, remove user, limit control). */

export const PEOPLE_QUERY = /* GraphQL */ `
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
`;

export type Person = {
  user_id: string;
  full_name: string;
  email: string;
  role: RoleName;
  locked: boolean;
  teams: { id: string; name: string }[];
  limit_control: UserLimitControl;
};

export type PeopleResult = { users: { total_count: number; nodes: Person[] } };

export const PENDING_INVITES_QUERY = /* GraphQL */ `
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
`;

export type PendingInvite = {
  id: string;
  email: string;
  role: RoleName;
  team: { id: string; name: string } | null;
  created_at: string;
  expires_at: string;
};

export type PendingInvitesResult = { pending_project_invites: PendingInvite[] };

/** What the invite panel and the role picker offer: the roles the caller may give, and the teams. */
export const ASSIGNABLE_ROLES_QUERY = /* GraphQL */ `
  query AssignableRoles {
    available_roles {
      get_available_roles {
        name
      }
    }
  }
`;

export type AssignableRolesResult = { available_roles: { get_available_roles: { name: RoleName }[] } };

export const INVITE_TEAMS_QUERY = /* GraphQL */ `
  query InviteTeams {
    teams {
      id
      name
    }
  }
`;

export type InviteTeamsResult = { teams: { id: string; name: string }[] };

export const SEND_INVITE_MUTATION = /* GraphQL */ `
  mutation SendProjectInvite($email: String!, $role_name: String!, $team_id: ID, $settings: InviteSettingsInput) {
    send_project_invite(email: $email, role_name: $role_name, team_id: $team_id, settings: $settings)
  }
`;

export type SendInviteVariables = {
  email: string;
  role_name: RoleName;
  team_id: string | null;
  settings?: { limit_control: UserLimitControl };
};

export const REVOKE_INVITE_MUTATION = /* GraphQL */ `
  mutation RevokeInvite($id: ID!) {
    revoke_invite(id: $id)
  }
`;

export const SET_ROLE_MUTATION = /* GraphQL */ `
  mutation SetRole($user_id: ID!, $role_name: String!) {
    set_role(user_id: $user_id, role_name: $role_name) {
      user_id
      role
    }
  }
`;

export const SET_LIMIT_CONTROL_MUTATION = /* GraphQL */ `
  mutation SetUserLimitControl($user_id: ID!, $max_monthly_limit: Int, $allow_issuing_cards_to_self: Boolean!) {
    set_user_limit_control(
      user_id: $user_id
      max_monthly_limit: $max_monthly_limit
      allow_issuing_cards_to_self: $allow_issuing_cards_to_self
    ) {
      user_id
    }
  }
`;

export const REMOVE_USER_MUTATION = /* GraphQL */ `
  mutation RemoveUserFromProject($user_id: ID!) {
    remove_user_from_project(user_id: $user_id) {
      user_id
      closed_cards
      reassigned_cards
    }
  }
`;

export type RemoveUserResult = {
  remove_user_from_project: { user_id: string; closed_cards: number; reassigned_cards: number };
};

export const UNLOCK_USER_MUTATION = /* GraphQL */ `
  mutation UnlockUser($user_id: ID!) {
    unlock_user(user_id: $user_id) {
      user_id
      locked
    }
  }
`;
