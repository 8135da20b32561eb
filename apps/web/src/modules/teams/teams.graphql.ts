import { graphql, type ResultOf } from "../../app/api/graphql.ts";

/** GraphQL documents of the teams pages (spec 7, teams); their answers are typed from the schema. */

const TEAM_FIELDS = graphql(`
  fragment TeamFields on Team {
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
  }
`);

export type Team = ResultOf<typeof TEAM_FIELDS>;
export type TeamPerson = Team["admins"][number];
export type TeamCategory = Team["visible_categories"][number];
export type LimitControl = Team["limit_control"];

export const TEAMS_QUERY = graphql(
  `
  query Teams($mine: Boolean) {
    teams(mine: $mine) { ...TeamFields }
  }
`,
  [TEAM_FIELDS],
);

export const TEAM_QUERY = graphql(
  `
  query Team($id: ID!) {
    team(id: $id) {
      ...TeamFields
      members {
        user_id
        full_name
        email
        is_admin
      }
    }
  }
`,
  [TEAM_FIELDS],
);
export type TeamWithMembers = ResultOf<typeof TEAM_QUERY>["team"];

export const CREATE_TEAM_MUTATION = graphql(`
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
`);

export const SET_TEAM_BUDGET_MUTATION = graphql(`
  mutation SetTeamBudget($team_id: ID!, $budget: Int) {
    set_team_budget(team_id: $team_id, budget: $budget) { id monthly_budget }
  }
`);

export const SET_TEAM_LIMIT_CONTROL_MUTATION = graphql(`
  mutation SetTeamLimitControl($team_id: ID!, $max_monthly: Int, $max_weekly: Int, $max_daily: Int) {
    set_team_limit_control(team_id: $team_id, max_monthly: $max_monthly, max_weekly: $max_weekly, max_daily: $max_daily) {
      id
    }
  }
`);

export const SET_TEAM_VISIBLE_CATEGORIES_MUTATION = graphql(`
  mutation SetTeamVisibleCategories($team_id: ID!, $all_categories_visible: Boolean!, $category_ids: [ID!]) {
    set_team_visible_categories(
      team_id: $team_id
      all_categories_visible: $all_categories_visible
      category_ids: $category_ids
    ) {
      id
    }
  }
`);

export const PATCH_TEAM_MUTATION = graphql(`
  mutation PatchTeam($id: ID!, $name: String, $account_code: String, $account_code_name: String) {
    patch_team(id: $id, name: $name, account_code: $account_code, account_code_name: $account_code_name) {
      id
    }
  }
`);

export const DELETE_TEAM_MUTATION = graphql(`
  mutation DeleteTeam($id: ID!) {
    delete_team(id: $id)
  }
`);

export const ADD_TEAM_USER_MUTATION = graphql(`
  mutation AddTeamUser($team_id: ID!, $user_id: ID!, $is_admin: Boolean) {
    add_team_user(team_id: $team_id, user_id: $user_id, is_admin: $is_admin) { id }
  }
`);

export const REMOVE_TEAM_USER_MUTATION = graphql(`
  mutation RemoveTeamUser($team_id: ID!, $user_id: ID!) {
    remove_team_user(team_id: $team_id, user_id: $user_id) { id }
  }
`);
