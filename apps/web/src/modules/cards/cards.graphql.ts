import type { CardStatus, CardType, LimitPeriod } from "@kort/core";

/** GraphQL documents of the cards pages (spec 7, cards) and the shapes they answer with. */

const CARD_FIELDS = /* GraphQL */ `
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
`;

export type CardLimit = { sum_amount: number; single_amount: number; period: LimitPeriod; count: number };

export type Card = {
  id: string;
  card_type: CardType;
  status: CardStatus;
  status_changed_at: string;
  description: string;
  masked_number: string;
  created_at: string;
  /** Full name of the person who issued the card. */
  issuer: string | null;
  expiration_month: number;
  expiration_year: number;
  will_close_at: string | null;
  closed_at: string | null;
  team: { id: string; name: string } | null;
  cardholder: { user_id: string; full_name: string; email: string };
  default_transaction_category: { id: string; title: string; code: string } | null;
  limits: CardLimit[];
  balance: { settled_balance: number; available_balance: number; currency: string };
  /** The card actions (spec 6) the caller may take on this card, as the server's policy says. */
  actions: string[];
};

export type CardsFilter = {
  status?: CardStatus;
  team_id?: string;
  cardholder_id?: string;
  card_type?: CardType;
  description?: string;
};

export const CARDS_QUERY = /* GraphQL */ `
  query Cards($filter: CardsFilter, $page: Int, $limit: Int) {
    cards(filter: $filter, page: $page, limit: $limit) { total_count nodes { ${CARD_FIELDS} } }
  }
`;
export type CardsResult = { cards: { total_count: number; nodes: Card[] } };

export const CARD_QUERY = /* GraphQL */ `
  query Card($id: ID!) { card(id: $id) { ${CARD_FIELDS} } }
`;
export type CardResult = { card: Card };

export const ACTIVE_CARD_COUNTS_QUERY = /* GraphQL */ `
  query ActiveCardCounts { active_card_counts { card_type count } }
`;
export type ActiveCardCountsResult = { active_card_counts: { card_type: CardType; count: number }[] };

export const CARD_ACTIVITY_QUERY = /* GraphQL */ `
  query CardActivity($id: ID!) {
    card_activity(card_id: $id) {
      transactions {
        id merchant transaction_amount original_amount original_currency original_exponent transaction_date settled
      }
      declines { id merchant amount decline_code created_at }
    }
  }
`;
export type CardTransaction = {
  id: string;
  merchant: string;
  transaction_amount: number;
  original_amount: number;
  original_currency: string;
  original_exponent: number;
  transaction_date: string;
  settled: boolean;
};
export type CardDecline = { id: string; merchant: string; amount: number; decline_code: string; created_at: string };
export type CardActivityResult = { card_activity: { transactions: CardTransaction[]; declines: CardDecline[] } };

export const CARD_CREATE_OPTIONS_QUERY = /* GraphQL */ `
  query CardCreateOptions($type: String!) {
    card_create_options(card_type: $type) { cardholders { user_id full_name email needs_team } teams { id name } }
  }
`;
export type CardCreateHolder = { user_id: string; full_name: string; email: string; needs_team: boolean };
export type CardCreateOptionsResult = {
  card_create_options: { cardholders: CardCreateHolder[]; teams: { id: string; name: string }[] };
};

export const CARD_CHECK_LIMITS_QUERY = /* GraphQL */ `
  query CardCheckLimits($input: CardCheckLimitsInput!) { card_check_limits(input: $input) { blocked warnings } }
`;
export type CardCheckLimitsResult = { card_check_limits: { blocked: string[]; warnings: string[] } };

export const ACCOUNT_BALANCE_QUERY = /* GraphQL */ `
  query AccountBalance { account_balance { credit_limit available } }
`;
export type AccountBalanceResult = { account_balance: { credit_limit: string; available: string } };

export type CreateCardVariables = {
  input: {
    cardholder_id: string;
    description: string;
    team_id: string | null;
    default_transaction_category_id: string | null;
    limits: { sum_amount: number; period: LimitPeriod }[];
    will_close_at?: string;
  };
};
export const CREATE_EMPLOYEE_CARD_MUTATION = /* GraphQL */ `
  mutation CreateEmployeeCard($input: CreateCardInput!) { create_employee_card(input: $input) { id } }
`;
export const CREATE_BUSINESS_CARD_MUTATION = /* GraphQL */ `
  mutation CreateBusinessCard($input: CreateCardInput!) { create_business_card(input: $input) { id } }
`;

export const CARD_MUTATIONS = {
  close: `mutation CloseCard($id: ID!) { close_card(id: $id) { id } }`,
  lock: `mutation LockCard($id: ID!) { lock_card(id: $id) { id } }`,
  unlock: `mutation UnlockCard($id: ID!) { unlock_card(id: $id) { id } }`,
  rename: `mutation PatchCard($id: ID!, $description: String) { patch_card(id: $id, description: $description) { id } }`,
  limits: `mutation SetCardLimits($id: ID!, $limits: [CardLimitInput!]!) { set_card_limits(id: $id, limits: $limits) { id } }`,
  cardholder: `mutation ChangeCardholder($id: ID!, $user_id: ID!) { change_cardholder(id: $id, user_id: $user_id) { id } }`,
  team: `mutation SetCardTeam($id: ID!, $team_id: ID) { set_card_team(id: $id, team_id: $team_id) { id } }`,
  category: `mutation SetCardCategory($id: ID!, $category_id: ID) { set_card_default_category(id: $id, category_id: $category_id) { id } }`,
} as const;

export type CardMutationKind = keyof typeof CARD_MUTATIONS;
