/** GraphQL documents of the teams pages (spec 7, teams) and the shapes they answer with. */

const TEAM_FIELDS = /* GraphQL */ `
  id
  name
  account_code
  account_code_name
  member_count
  monthly_budget
  used_monthly_budget
  category {
    id
    code
    title
  }
  limit_control {
    max_monthly
    max_weekly
    max_daily
  }
  all_categories_visible
  visible_categories {
    id
    code
    title
  }
  admins {
    user_id
    full_name
    email
    is_admin
  }
`;

export type TeamPerson = { user_id: string; full_name: string; email: string; is_admin: boolean };
export type TeamCategory = { id: string; code: string; title: string };
export type LimitControl = { max_monthly: number | null; max_weekly: number | null; max_daily: number | null };

export type Team = {
  id: string;
  name: string;
  account_code: string;
  account_code_name: string | null;
  member_count: number;
  monthly_budget: number | null;
  used_monthly_budget: number;
  category: TeamCategory | null;
  limit_control: LimitControl;
  all_categories_visible: boolean;
  visible_categories: TeamCategory[];
  admins: TeamPerson[];
};

export type TeamWithMembers = Team & { members: TeamPerson[] };

export const TEAMS_QUERY = /* GraphQL */ `
  query Teams($mine: Boolean) {
    teams(mine: $mine) { ${TEAM_FIELDS} }
  }
`;
export type TeamsResult = { teams: Team[] };

export const TEAM_QUERY = /* GraphQL */ `
  query Team($id: ID!) {
    team(id: $id) {
      ${TEAM_FIELDS}
      members {
        user_id
        full_name
        email
        is_admin
      }
    }
  }
`;
export type TeamResult = { team: TeamWithMembers };

export const CREATE_TEAM_MUTATION = /* GraphQL */ `
  mutation CreateTeam(
    $name: String!
    $account_code: String!
    $account_code_name: String
    $member_ids: [ID!]
    $monthly_budget: Int
  ) {
    create_team(
      name: $name
      account_code: $account_code
      account_code_name: $account_code_name
      member_ids: $member_ids
      monthly_budget: $monthly_budget
    ) {
      id
      name
    }
  }
`;
export type CreateTeamVariables = {
  name: string;
  account_code: string;
  account_code_name: string | null;
  member_ids: string[];
  monthly_budget: number | null;
};
export type CreateTeamResult = { create_team: { id: string; name: string } };

export const SET_TEAM_BUDGET_MUTATION = /* GraphQL */ `
  mutation SetTeamBudget($team_id: ID!, $budget: Int) {
    set_team_budget(team_id: $team_id, budget: $budget) { id monthly_budget }
  }
`;

export const SET_TEAM_LIMIT_CONTROL_MUTATION = /* GraphQL */ `
  mutation SetTeamLimitControl($team_id: ID!, $max_monthly: Int, $max_weekly: Int, $max_daily: Int) {
    set_team_limit_control(team_id: $team_id, max_monthly: $max_monthly, max_weekly: $max_weekly, max_daily: $max_daily) {
      id
    }
  }
`;

export const SET_TEAM_VISIBLE_CATEGORIES_MUTATION = /* GraphQL */ `
  mutation SetTeamVisibleCategories($team_id: ID!, $all_categories_visible: Boolean!, $category_ids: [ID!]) {
    set_team_visible_categories(
      team_id: $team_id
      all_categories_visible: $all_categories_visible
      category_ids: $category_ids
    ) {
      id
    }
  }
`;

export const PATCH_TEAM_MUTATION = /* GraphQL */ `
  mutation PatchTeam($id: ID!, $name: String, $account_code: String, $account_code_name: String) {
    patch_team(id: $id, name: $name, account_code: $account_code, account_code_name: $account_code_name) {
      id
    }
  }
`;

export const DELETE_TEAM_MUTATION = /* GraphQL */ `
  mutation DeleteTeam($id: ID!) {
    delete_team(id: $id)
  }
`;

export const ADD_TEAM_USER_MUTATION = /* GraphQL */ `
  mutation AddTeamUser($team_id: ID!, $user_id: ID!, $is_admin: Boolean) {
    add_team_user(team_id: $team_id, user_id: $user_id, is_admin: $is_admin) { id }
  }
`;

export const REMOVE_TEAM_USER_MUTATION = /* GraphQL */ `
  mutation RemoveTeamUser($team_id: ID!, $user_id: ID!) {
    remove_team_user(team_id: $team_id, user_id: $user_id) { id }
  }
`;
