import { graphql, type ResultOf } from "../../app/api/graphql.ts";

/** Invoices (spec 7, issue 15): the list, one invoice (fresh signed links), send electronically, issue now (demo). */

const INVOICE_FIELDS = graphql(`
  fragment InvoiceFields on Invoice {
    id
    number
    issue_date
    due_date
    issuer
    total_amount
    currency
    period { from to }
    status
    file_name
    file_url
    pdf_url
    url_expires_at
    sent_at
    sent_to
  }
`);

export const INVOICES_QUERY = graphql(
  `
  query Invoices($first: Int, $after: String) {
    invoices(first: $first, after: $after) { nodes { ...InvoiceFields } next_cursor }
  }
`,
  [INVOICE_FIELDS],
);

export const INVOICE_QUERY = graphql(
  `
  query Invoice($id: ID!) {
    invoice(id: $id) { ...InvoiceFields }
  }
`,
  [INVOICE_FIELDS],
);

export const SEND_INVOICE_MUTATION = graphql(
  `
  mutation SendInvoice($id: ID!) {
    send_invoice(id: $id) { ...InvoiceFields }
  }
`,
  [INVOICE_FIELDS],
);

export const ISSUE_CURRENT_INVOICE_MUTATION = graphql(
  `
  mutation IssueCurrentInvoice {
    issue_current_invoice { ...InvoiceFields }
  }
`,
  [INVOICE_FIELDS],
);

export type InvoiceItem = ResultOf<typeof INVOICE_FIELDS>;

export const INVOICE_SETTINGS_QUERY = graphql(`
  query InvoiceSettings {
    invoice_settings { due_days }
  }
`);

export const SET_INVOICE_DUE_DAYS_MUTATION = graphql(`
  mutation SetInvoiceDueDays($days: Int!) {
    set_invoice_due_days(days: $days) { due_days }
  }
`);
