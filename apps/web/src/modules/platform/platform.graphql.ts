import type { ApprovalStatus } from "@kort/core";

/** The platform console's calls (issue 9); the server refuses everyone but platform owners with ACCESS_DENIED. */

export const PENDING_COMPANIES_QUERY = /* GraphQL */ `
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
`;

export type PendingCompany = {
  id: string;
  title: string;
  /** 10 digits; shown DDMMYY-NNNN. */
  kennitala: string;
  created_at: string;
  owner: { user_id: string; full_name: string; email: string } | null;
};

export type PendingCompaniesResult = {
  pending_companies: { nodes: PendingCompany[]; next_cursor: string | null };
};

export const APPROVE_COMPANY_MUTATION = /* GraphQL */ `
  mutation ApproveCompany($project_id: ID!, $credit_limit: Float!) {
    approve_company(project_id: $project_id, credit_limit: $credit_limit) {
      id
      approval_status
      credit_limit
    }
  }
`;

export const REJECT_COMPANY_MUTATION = /* GraphQL */ `
  mutation RejectCompany($project_id: ID!) {
    reject_company(project_id: $project_id) {
      id
      approval_status
    }
  }
`;

export type DecidedCompany = { id: string; approval_status: ApprovalStatus; credit_limit?: string };

export const LOCKED_USERS_QUERY = /* GraphQL */ `
  query LockedUsers($email: String) {
    locked_users(email: $email) {
      user_id
      full_name
      email
      locked_permanently
      locked_until
    }
  }
`;

export type LockedUser = {
  user_id: string;
  full_name: string;
  email: string;
  locked_permanently: boolean;
  locked_until: string | null;
};

export type LockedUsersResult = { locked_users: LockedUser[] };

export const REAPPROVE_USER_MUTATION = /* GraphQL */ `
  mutation ReapproveUser($user_id: ID!) {
    reapprove_user(user_id: $user_id) {
      user_id
      locked
    }
  }
`;
