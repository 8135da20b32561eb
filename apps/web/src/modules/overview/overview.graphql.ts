import { graphql, type ResultOf } from "../../app/api/graphql.ts";

/** The Overview page (spec 7, issue 16): spending by dimension, the six-period trend, the balance and credit. */

export const SPENDING_QUERY = graphql(`
  query OverviewSpending($by: SpendingDimension!, $period: String) {
    overview_spending(by: $by, period: $period) {
      by
      period_from
      period_to
      rows { key label amount count }
      others { amount count }
      total
    }
  }
`);

export type SpendingResult = ResultOf<typeof SPENDING_QUERY>["overview_spending"];

export const TREND_QUERY = graphql(`
  query OverviewTrend($period: String) {
    overview_trend(period: $period) { period_from period_to settled deposited }
  }
`);

export const BALANCE_QUERY = graphql(`
  query OverviewBalance { account_balance { credit_limit used reserved deposited available } }
`);

export const CREATE_TRANSFER_MUTATION = graphql(`
  mutation CreateTransfer($input: CreateTransferInput!) {
    create_transfer(input: $input) { id status amount bank_account }
  }
`);

export const INITIATE_TRANSFER_MUTATION = graphql(`
  mutation InitiateTransfer($id: ID!) { initiate_transfer(id: $id) { id status amount period_start } }
`);

export const REQUEST_CREDIT_LIMIT_MUTATION = graphql(`
  mutation RequestCreditLimitChange($requested_limit: Int!, $message: String) {
    request_credit_limit_change(requested_limit: $requested_limit, message: $message)
  }
`);

export const AUDIT_LOG_QUERY = graphql(`
  query AuditLog($areas: [AuditArea!], $actor_id: ID, $from_date: String, $to_date: String, $first: Int, $after: String) {
    audit_log(areas: $areas, actor_id: $actor_id, from_date: $from_date, to_date: $to_date, first: $first, after: $after) {
      nodes { id action object_type object_id actor_user_id actor_name details created_at }
      next_cursor
    }
  }
`);

export type AuditEntry = ResultOf<typeof AUDIT_LOG_QUERY>["audit_log"]["nodes"][number];
