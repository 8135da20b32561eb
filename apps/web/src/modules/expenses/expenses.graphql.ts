import { graphql, type ResultOf, type VariablesOf } from "../../app/api/graphql.ts";

/** GraphQL documents of the expenses ledger (spec 7: transactions v2, selection totals, rule violation counts). */

const LEDGER_ROW_FIELDS = graphql(`
  fragment LedgerRowFields on Transaction {
    id
    merchant
    description
    transaction_date
    transaction_amount
    original_amount
    original_currency
    original_exponent
    unsettled
    exported
    has_receipt
    card { id last_four }
    cardholder { user_id full_name }
    team { id name }
    category { id title code }
    rule_violations { rule_id }
  }
`);

export type LedgerRow = ResultOf<typeof LEDGER_ROW_FIELDS>;

export const TRANSACTIONS_QUERY = graphql(
  `
  query LedgerPage($filter: TransactionsFilter, $sort: TransactionSort, $after: String, $limit: Int) {
    transactions_v2(filter: $filter, sort: $sort, after: $after, limit: $limit) {
      nodes { ...LedgerRowFields }
      next_cursor
    }
  }
`,
  [LEDGER_ROW_FIELDS],
);

export type LedgerPage = ResultOf<typeof TRANSACTIONS_QUERY>["transactions_v2"];

export const SELECTION_TOTALS_QUERY = graphql(`
  query SelectionTotals($selection: TransactionSelection!) {
    selection_totals(selection: $selection) {
      count
      total_amount
      by_currency { currency exponent count amount }
    }
  }
`);

export type SelectionInput = VariablesOf<typeof SELECTION_TOTALS_QUERY>["selection"];
export type SelectionTotals = ResultOf<typeof SELECTION_TOTALS_QUERY>["selection_totals"];

export const RULE_VIOLATION_COUNTS_QUERY = graphql(`
  query RuleViolationCounts($filter: TransactionsFilter) {
    rule_violation_counts(filter: $filter) { rule_id count }
  }
`);

/** The cards offered in the card filter: the first 200 the caller may read. */
export const LEDGER_CARD_OPTIONS_QUERY = graphql(`
  query LedgerCardOptions {
    cards(limit: 200) { nodes { id description masked_number cardholder { full_name } } }
  }
`);
