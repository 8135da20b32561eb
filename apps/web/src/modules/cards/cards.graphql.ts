import type { CardStatus, CardType } from "@kort/core";
import { graphql, type ResultOf, type VariablesOf } from "../../app/api/graphql.ts";

/** GraphQL documents of the cards pages (spec 7, cards); their answers are typed from the schema. */

const CARD_FIELDS = graphql(`
  fragment CardFields on Card {
  id
  card_type
  status
  status_changed_at
  description
  masked_number
  created_at
  issuer
  expiration_month
  expiration_year
  will_close_at
  closed_at
  team { id name }
  cardholder { user_id full_name email }
  default_transaction_category { id title code }
  limits { sum_amount single_amount period count }
  balance { settled_balance available_balance currency }
  actions
  design { id url thumbnail_url }
  review { transaction_id merchant authorized_amount cleared_amount excess locked_at }
  }
`);

export type Card = ResultOf<typeof CARD_FIELDS>;
export type CardLimit = Card["limits"][number];

export type CardsFilter = {
  status?: CardStatus;
  team_id?: string;
  cardholder_id?: string;
  card_type?: CardType;
  description?: string;
};

export const CARDS_QUERY = graphql(
  `
  query Cards($filter: CardsFilter, $page: Int, $limit: Int) {
    cards(filter: $filter, page: $page, limit: $limit) { total_count nodes { ...CardFields } }
  }
`,
  [CARD_FIELDS],
);

export const CARD_QUERY = graphql(`query Card($id: ID!) { card(id: $id) { ...CardFields } }`, [CARD_FIELDS]);
/** Why a card is locked when a clearing far over its authorization locked it (issue 13): read for a page in one statement. */
export type CardReview = NonNullable<Card["review"]>;

export const ACTIVE_CARD_COUNTS_QUERY = graphql(`
  query ActiveCardCounts { active_card_counts { card_type count } }
`);

export const CARD_ACTIVITY_QUERY = graphql(`
  query CardActivity($id: ID!) {
    card_activity(card_id: $id) {
      transactions {
        id merchant transaction_amount original_amount original_currency original_exponent transaction_date settled
      }
      declines { id merchant amount decline_code mcc created_at }
    }
  }
`);
export type CardActivity = ResultOf<typeof CARD_ACTIVITY_QUERY>["card_activity"];
export type CardTransaction = CardActivity["transactions"][number];
export type CardDecline = CardActivity["declines"][number];

export const CARD_CREATE_OPTIONS_QUERY = graphql(`
  query CardCreateOptions($type: String!) {
    card_create_options(card_type: $type) { cardholders { user_id full_name email needs_team } teams { id name } }
  }
`);
export type CardCreateHolder = ResultOf<typeof CARD_CREATE_OPTIONS_QUERY>["card_create_options"]["cardholders"][number];

export const CARD_CHECK_LIMITS_QUERY = graphql(`
  query CardCheckLimits($input: CardCheckLimitsInput!) { card_check_limits(input: $input) { blocked warnings } }
`);

export const ACCOUNT_BALANCE_QUERY = graphql(`
  query AccountBalance { account_balance { credit_limit available } }
`);

export const CREATE_EMPLOYEE_CARD_MUTATION = graphql(`
  mutation CreateEmployeeCard($input: CreateCardInput!) { create_employee_card(input: $input) { id } }
`);
export type CreateCardVariables = VariablesOf<typeof CREATE_EMPLOYEE_CARD_MUTATION>;
export const CREATE_BUSINESS_CARD_MUTATION = graphql(`
  mutation CreateBusinessCard($input: CreateCardInput!) { create_business_card(input: $input) { id } }
`);

export const CARD_MUTATIONS = {
  close: graphql(`mutation CloseCard($id: ID!) { close_card(id: $id) { id } }`),
  lock: graphql(`mutation LockCard($id: ID!) { lock_card(id: $id) { id } }`),
  unlock: graphql(`mutation UnlockCard($id: ID!) { unlock_card(id: $id) { id } }`),
  rename: graphql(
    `mutation PatchCard($id: ID!, $description: String) { patch_card(id: $id, description: $description) { id } }`,
  ),
  limits: graphql(
    `mutation SetCardLimits($id: ID!, $limits: [CardLimitInput!]!) { set_card_limits(id: $id, limits: $limits) { id } }`,
  ),
  cardholder: graphql(
    `mutation ChangeCardholder($id: ID!, $user_id: ID!) { change_cardholder(id: $id, user_id: $user_id) { id } }`,
  ),
  team: graphql(`mutation SetCardTeam($id: ID!, $team_id: ID) { set_card_team(id: $id, team_id: $team_id) { id } }`),
  category: graphql(
    `mutation SetCardCategory($id: ID!, $category_id: ID) { set_card_default_category(id: $id, category_id: $category_id) { id } }`,
  ),
} as const;

export type CardMutationKind = keyof typeof CARD_MUTATIONS;
