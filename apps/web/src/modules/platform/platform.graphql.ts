import { graphql, type ResultOf } from "../../app/api/graphql.ts";

/** The platform console's calls (issue 9); the server refuses everyone but platform owners with ACCESS_DENIED. */

export const PENDING_COMPANIES_QUERY = graphql(`
  query PendingCompanies($after: String, $limit: Int) {
    pending_companies(after: $after, limit: $limit) {
      nodes {
        id
        title
        kennitala
        created_at
        owner {
          user_id
          full_name
          email
        }
      }
      next_cursor
    }
  }
`);

export type PendingCompany = ResultOf<typeof PENDING_COMPANIES_QUERY>["pending_companies"]["nodes"][number];

export const APPROVE_COMPANY_MUTATION = graphql(`
  mutation ApproveCompany($project_id: ID!, $credit_limit: Float!) {
    approve_company(project_id: $project_id, credit_limit: $credit_limit) {
      id
      approval_status
      credit_limit
    }
  }
`);

export const REJECT_COMPANY_MUTATION = graphql(`
  mutation RejectCompany($project_id: ID!) {
    reject_company(project_id: $project_id) {
      id
      approval_status
    }
  }
`);

export const LOCKED_USERS_QUERY = graphql(`
  query LockedUsers($email: String) {
    locked_users(email: $email) {
      user_id
      full_name
      email
      locked_permanently
      locked_until
    }
  }
`);

export type LockedUser = ResultOf<typeof LOCKED_USERS_QUERY>["locked_users"][number];

export const REAPPROVE_USER_MUTATION = graphql(`
  mutation ReapproveUser($user_id: ID!) {
    reapprove_user(user_id: $user_id) {
      user_id
      full_name
      locked
    }
  }
`);
