import { graphql, type ResultOf } from "../../app/api/graphql.ts";

/**
 * GraphQL documents of receipts (spec 7): a transaction's list with signed links, remove; and the e-mailed ones
 * (issue 12): the company's receipts address, those waiting with their suggestions, attach and reject.
 */

const RECEIPT_FIELDS = graphql(`
  fragment ReceiptFields on Receipt {
    id
    file_name
    file_size
    file_type
    created_at
    url
    thumbnail_url
    url_expires_at
    source
    matched_by { amount currency date }
    reading {
      status
      total
      date
      vat { rate_basis_points amount }
      disagreements
      proposed_tax_category { id code }
    }
  }
`);

export const RECEIPTS_QUERY = graphql(
  `
  query TransactionReceipts($transaction_id: ID!) {
    receipts(transaction_id: $transaction_id) { ...ReceiptFields }
  }
`,
  [RECEIPT_FIELDS],
);

export type Receipt = ResultOf<typeof RECEIPTS_QUERY>["receipts"][number];

export const RECEIPTS_INBOX_QUERY = graphql(`
  query ReceiptsInbox {
    receipts_inbox { address unmatched_count }
  }
`);

export const WAITING_RECEIPTS_QUERY = graphql(
  `
  query WaitingReceipts($first: Int, $after: String, $user_id: ID) {
    unmatched_receipts(first: $first, after: $after, user_id: $user_id) {
      nodes {
        receipt { ...ReceiptFields }
        sender_name
        suggestions {
          transaction_id
          merchant
          transaction_date
          amount
          original_amount
          original_currency
          card_last_four
        }
      }
      next_cursor
    }
  }
`,
  [RECEIPT_FIELDS],
);

export type WaitingReceipt = ResultOf<typeof WAITING_RECEIPTS_QUERY>["unmatched_receipts"]["nodes"][number];
export type ReceiptSuggestion = WaitingReceipt["suggestions"][number];

export const SUGGESTED_RECEIPTS_QUERY = graphql(
  `
  query SuggestedReceipts($transaction_id: ID!) {
    suggested_receipts(transaction_id: $transaction_id) { ...ReceiptFields }
  }
`,
  [RECEIPT_FIELDS],
);

export const ATTACH_RECEIPT_MUTATION = graphql(`
  mutation AttachReceipt($receipt_id: ID!, $transaction_id: ID!) {
    attach_receipt(receipt_id: $receipt_id, transaction_id: $transaction_id) { id transaction_id }
  }
`);

export const REJECT_RECEIPT_SUGGESTION_MUTATION = graphql(`
  mutation RejectReceiptSuggestion($receipt_id: ID!, $transaction_id: ID!) {
    reject_receipt_suggestion(receipt_id: $receipt_id, transaction_id: $transaction_id)
  }
`);

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
