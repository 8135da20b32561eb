import { graphql } from "../app/api/graphql.ts";

/**
 * The e-mailed receipts have no REST call in spec 7: the app asks the same GraphQL fields as the dashboard, with
 * documents of its own so it loads none of the dashboard's modules.
 */

export const APP_RECEIPTS_INBOX_QUERY = graphql(`
  query AppReceiptsInbox {
    receipts_inbox { address unmatched_count }
  }
`);

export const APP_WAITING_RECEIPTS_QUERY = graphql(`
  query AppWaitingReceipts($first: Int) {
    unmatched_receipts(first: $first) {
      nodes { receipt { id file_name url } sender_name }
    }
  }
`);

export const APP_ATTACH_RECEIPT_MUTATION = graphql(`
  mutation AppAttachReceipt($receipt_id: ID!, $transaction_id: ID!) {
    attach_receipt(receipt_id: $receipt_id, transaction_id: $transaction_id) { id transaction_id }
  }
`);

export const APP_TAX_CATEGORIES_QUERY = graphql(`
  query AppTaxCategories {
    tax_categories { id code percentage enabled }
  }
`);

/** Category and its dimension values (the spec's sub-categories) in one call. */
export const APP_SET_CATEGORY_MUTATION = graphql(`
  mutation AppSetCategory($transaction_id: ID!, $category_id: ID, $subcategory_ids: [ID!]) {
    set_transaction_category(transaction_id: $transaction_id, category_id: $category_id, subcategory_ids: $subcategory_ids) {
      id
    }
  }
`);

export const APP_SET_TAX_CATEGORY_MUTATION = graphql(`
  mutation AppSetTaxCategory($transaction_id: ID!, $tax_category_id: ID) {
    set_transaction_tax_category(transaction_id: $transaction_id, tax_category_id: $tax_category_id) { id }
  }
`);
