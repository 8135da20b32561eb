import { graphql, type ResultOf } from "../../app/api/graphql.ts";

/** GraphQL documents of a transaction's receipts (spec 7): the list with signed links, and remove. */

export const RECEIPTS_QUERY = graphql(`
  query TransactionReceipts($transaction_id: ID!) {
    receipts(transaction_id: $transaction_id) {
      id
      file_name
      file_size
      file_type
      created_at
      url
      thumbnail_url
      url_expires_at
    }
  }
`);

export type Receipt = ResultOf<typeof RECEIPTS_QUERY>["receipts"][number];

export const REMOVE_RECEIPTS_MUTATION = graphql(`
  mutation RemoveReceipts($ids: [ID!]!) {
    remove_receipts(ids: $ids)
  }
`);

/** Spec 7: set one category or tax category on the picked rows, all or none (at most 500). */
export const BULK_SET_CATEGORY_MUTATION = graphql(`
  mutation BulkSetTransactionCategory($transaction_ids: [ID!]!, $category_id: ID!) {
    bulk_set_transaction_category(transaction_ids: $transaction_ids, category_id: $category_id) { updated }
  }
`);

export const BULK_SET_TAX_CATEGORY_MUTATION = graphql(`
  mutation BulkSetTransactionTaxCategory($transaction_ids: [ID!]!, $tax_category_id: ID) {
    bulk_set_transaction_tax_category(transaction_ids: $transaction_ids, tax_category_id: $tax_category_id) { updated }
  }
`);

/** The server's bound on one bulk change. */
export const BULK_MAX = 500;
