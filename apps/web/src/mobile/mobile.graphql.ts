import { graphql } from "../app/api/graphql.ts";

/**
 * The e-mailed receipts and the tax categories have no REST call in spec 7: the app asks the same GraphQL fields as
 * the dashboard, with documents of its own so it loads none of the dashboard's modules.
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
