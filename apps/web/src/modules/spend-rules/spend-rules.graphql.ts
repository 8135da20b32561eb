import { graphql, type ResultOf, type VariablesOf } from "../../app/api/graphql.ts";

/** GraphQL documents of issue 19's spend rules: merchant controls and the receipt lock. */

const CONTROLS_FIELDS = graphql(`
  fragment MerchantControlsFields on MerchantControls {
    mode
    groups
    merchants
  }
`);

export const CARD_MERCHANT_CONTROLS_QUERY = graphql(
  `
  query CardMerchantControls($card_id: ID!) {
    card_merchant_controls(card_id: $card_id) {
      card_id
      own { ...MerchantControlsFields }
      company_default { ...MerchantControlsFields }
      can_manage
    }
  }
`,
  [CONTROLS_FIELDS],
);

export const SET_CARD_MERCHANT_CONTROLS_MUTATION = graphql(
  `
  mutation SetCardMerchantControls($card_id: ID!, $controls: MerchantControlsInput) {
    set_card_merchant_controls(card_id: $card_id, controls: $controls) {
      card_id
      own { ...MerchantControlsFields }
      company_default { ...MerchantControlsFields }
      can_manage
    }
  }
`,
  [CONTROLS_FIELDS],
);

export const SPEND_RULES_QUERY = graphql(
  `
  query SpendRules {
    spend_rules {
      merchant_default { ...MerchantControlsFields }
      receipt_lock_days
      can_manage_merchant_default
      can_manage_receipt_lock
    }
  }
`,
  [CONTROLS_FIELDS],
);

export const SET_PROJECT_MERCHANT_CONTROLS_MUTATION = graphql(
  `
  mutation SetProjectMerchantControls($controls: MerchantControlsInput) {
    set_project_merchant_controls(controls: $controls) { receipt_lock_days }
  }
`,
);

export const SET_RECEIPT_LOCK_MUTATION = graphql(`
  mutation SetReceiptLock($days: Int) {
    set_receipt_lock(days: $days) { receipt_lock_days }
  }
`);

export const RECEIPT_LOCKS_QUERY = graphql(`
  query ReceiptLocks($after: String) {
    receipt_locks(first: 50, after: $after) {
      nodes { user_id name missing_count since lifted_until }
      next_cursor
    }
  }
`);

export const LIFT_RECEIPT_LOCK_MUTATION = graphql(`
  mutation LiftReceiptLock($user_id: ID!) {
    lift_receipt_lock(user_id: $user_id)
  }
`);

export type MerchantControlsInput = NonNullable<VariablesOf<typeof SET_CARD_MERCHANT_CONTROLS_MUTATION>["controls"]>;
export type SpendRules = ResultOf<typeof SPEND_RULES_QUERY>["spend_rules"];
export type ReceiptLockRow = ResultOf<typeof RECEIPT_LOCKS_QUERY>["receipt_locks"]["nodes"][number];
