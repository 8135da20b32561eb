import { graphql, type ResultOf } from "../../app/api/graphql.ts";

/** GraphQL documents of the transaction panel (spec 7: transaction by id, set category, tax, team, comment). */

export const TRANSACTION_QUERY = graphql(`
  query TransactionDetails($id: ID!) {
    transaction(id: $id) {
      approval_code
      tax_category { id code percentage }
      team_category { id title code }
      dimension_values { dimension_id dimension_title value_id value_title }
      categorised_by_rule { id name }
      authorized_amount
      capture_excess
      transaction {
        id
        merchant
        description
        transaction_date
        closed_at
        transaction_amount
        transaction_currency
        original_amount
        original_currency
        original_exponent
        unsettled
        exported
        latest_export_id
        comments
        has_receipt
        card { id last_four }
        cardholder { user_id full_name }
        team { id name }
        category { id title code }
        rule_violations { rule_id message }
      }
    }
  }
`);

export type TransactionDetails = ResultOf<typeof TRANSACTION_QUERY>["transaction"];

const SET_CATEGORY_MUTATION = graphql(`
  mutation SetTransactionCategory($transaction_id: ID!, $category_id: ID, $subcategory_ids: [ID!]) {
    set_transaction_category(transaction_id: $transaction_id, category_id: $category_id, subcategory_ids: $subcategory_ids) { id }
  }
`);

export const TRANSACTION_MUTATIONS = {
  category: SET_CATEGORY_MUTATION,
  /** The dimension values go with the category (one call), but fail and succeed in words of their own. */
  dimensions: SET_CATEGORY_MUTATION,
  taxCategory: graphql(`
    mutation SetTransactionTaxCategory($transaction_id: ID!, $tax_category_id: ID) {
      set_transaction_tax_category(transaction_id: $transaction_id, tax_category_id: $tax_category_id) { id }
    }
  `),
  teamCategory: graphql(`
    mutation SetTransactionTeamCategory($transaction_id: ID!, $category_id: ID) {
      set_transaction_team_category(transaction_id: $transaction_id, category_id: $category_id) { id }
    }
  `),
  team: graphql(`
    mutation SetTransactionTeam($transaction_id: ID!, $team_id: ID) {
      set_transaction_team(transaction_id: $transaction_id, team_id: $team_id) { id }
    }
  `),
  comment: graphql(`
    mutation SetTransactionComment($transaction_id: ID!, $comment: String) {
      set_transaction_comment(transaction_id: $transaction_id, comment: $comment) { id }
    }
  `),
} as const;

export type TransactionEditKind = keyof typeof TRANSACTION_MUTATIONS;

/** Spec 7, remind: asks each cardholder for the receipts of the transactions (at most 500 at a time). */
export const REMIND_MUTATION = graphql(`
  mutation RemindTransactions($transaction_ids: [ID!]!) {
    remind_transaction(transaction_ids: $transaction_ids) { reminded people }
  }
`);

/** The server's bound on one reminder. */
export const REMIND_MAX = 500;
