import { graphql, type ResultOf, type VariablesOf } from "../../app/api/graphql.ts";

/** Exports (spec 7, issue 14): the formats the server writes, the check before, create, the list, retry. */

const EXPORT_FIELDS = graphql(`
  fragment ExportFields on Export {
    id
    file_type
    level
    status
    processed_count
    total_count
    mark_as_booked
    exclude_booked
    file_name
    file_size
    file_url
    url_expires_at
    error
    created_by_name
    created_at
    completed_at
  }
`);

export const EXPORT_FORMATS_QUERY = graphql(`
  query ExportFormats {
    export_formats
  }
`);

export const EXPORTS_QUERY = graphql(
  `
  query Exports($first: Int) {
    exports(first: $first) { nodes { ...ExportFields } next_cursor }
  }
`,
  [EXPORT_FIELDS],
);

export type ExportItem = ResultOf<typeof EXPORTS_QUERY>["exports"]["nodes"][number];

export const EXPORT_QUERY = graphql(
  `
  query ExportStatus($id: ID!) {
    export(id: $id) { ...ExportFields }
  }
`,
  [EXPORT_FIELDS],
);

export const EXPORT_CHECK_QUERY = graphql(`
  query ExportCheck($input: ExportInput!) {
    export_check(input: $input) {
      total
      unfit_count
      unfit { transaction_id merchant transaction_date amount reasons }
    }
  }
`);

export type ExportCheck = ResultOf<typeof EXPORT_CHECK_QUERY>["export_check"];
export type ExportInput = VariablesOf<typeof EXPORT_CHECK_QUERY>["input"];

export const CREATE_EXPORT_MUTATION = graphql(
  `
  mutation CreateExport($input: ExportInput!) {
    create_export(input: $input) { ...ExportFields }
  }
`,
  [EXPORT_FIELDS],
);

export const RETRY_EXPORT_MUTATION = graphql(
  `
  mutation RetryExport($id: ID!) {
    retry_export(id: $id) { ...ExportFields }
  }
`,
  [EXPORT_FIELDS],
);

const SCHEDULE_FIELDS = graphql(`
  fragment ScheduleFields on ScheduledExport {
    id
    file_type
    hour
    exclude_booked
    mark_as_booked
    enabled
    last_run_at
  }
`);

export const SCHEDULED_EXPORTS_QUERY = graphql(
  `
  query ScheduledExports {
    scheduled_exports { ...ScheduleFields }
  }
`,
  [SCHEDULE_FIELDS],
);

export type Schedule = ResultOf<typeof SCHEDULED_EXPORTS_QUERY>["scheduled_exports"][number];

export const CREATE_SCHEDULE_MUTATION = graphql(
  `
  mutation CreateScheduledExport($file_type: ExportFormat!, $hour: Int!) {
    create_scheduled_export(file_type: $file_type, hour: $hour) { ...ScheduleFields }
  }
`,
  [SCHEDULE_FIELDS],
);

export const UPDATE_SCHEDULE_MUTATION = graphql(
  `
  mutation UpdateScheduledExport($id: ID!, $enabled: Boolean) {
    update_scheduled_export(id: $id, enabled: $enabled) { ...ScheduleFields }
  }
`,
  [SCHEDULE_FIELDS],
);

export const DELETE_SCHEDULE_MUTATION = graphql(`
  mutation DeleteScheduledExport($id: ID!) {
    delete_scheduled_export(id: $id)
  }
`);

const EXPORT_ACCOUNTS_FIELDS = graphql(`
  fragment ExportAccountsFields on ExportAccounts {
    card_liability
    vat_default
    rounding
    vat_by_rate { rate_basis_points account }
    can_change
  }
`);

export const EXPORT_ACCOUNTS_QUERY = graphql(
  `
  query ExportAccounts {
    export_accounts { ...ExportAccountsFields }
  }
`,
  [EXPORT_ACCOUNTS_FIELDS],
);

export const SET_EXPORT_ACCOUNTS_MUTATION = graphql(
  `
  mutation SetExportAccounts(
    $card_liability: String!
    $vat_default: String!
    $rounding: String!
    $vat_by_rate: [ExportVatAccountInput!]!
  ) {
    set_export_accounts(
      card_liability: $card_liability
      vat_default: $vat_default
      rounding: $rounding
      vat_by_rate: $vat_by_rate
    ) { ...ExportAccountsFields }
  }
`,
  [EXPORT_ACCOUNTS_FIELDS],
);

export type ExportAccounts = ResultOf<typeof EXPORT_ACCOUNTS_QUERY>["export_accounts"];
export type ExportAccountsInput = VariablesOf<typeof SET_EXPORT_ACCOUNTS_MUTATION>;
