import { graphql, type ResultOf } from "../../app/api/graphql.ts";

/**
 * GraphQL documents of the Rules tab (issue 19): categorisation rules and the rules Kort proposes. Page sizes go as
 * variables, like the ledger's `limit`; the server bounds them (at most 200).
 */

export const CATEGORISATION_RULES_QUERY = graphql(`
  query CategorisationRules($first: Int, $after: String) {
    categorisation_rules(first: $first, after: $after) {
      nodes {
        id
        match_kind
        pattern
        name
        category_id
        category_title
        category_code
        tax_category_id
        tax_category_code
        tax_percentage
        dimension_values { id title dimension_id dimension_title }
        source
        active
      }
      next_cursor
    }
  }
`);

export const RULE_PROPOSALS_QUERY = graphql(`
  query CategorisationRuleProposals($first: Int) {
    categorisation_rule_proposals(first: $first) {
      nodes {
        id
        merchant_name
        category_title
        category_code
        tax_category_code
        tax_percentage
        dimension_values { id title dimension_title }
        transaction_count
      }
      next_cursor
    }
  }
`);

export const CREATE_RULE_MUTATION = graphql(`
  mutation CreateCategorisationRule(
    $match_kind: RuleMatchKind!
    $pattern: String!
    $name: String
    $category_id: ID
    $tax_category_id: ID
    $dimension_value_ids: [ID!]
  ) {
    create_categorisation_rule(
      match_kind: $match_kind
      pattern: $pattern
      name: $name
      category_id: $category_id
      tax_category_id: $tax_category_id
      dimension_value_ids: $dimension_value_ids
    ) { id name }
  }
`);

/** The rule as a whole (the server replaces every field): `active` is always sent, or it would turn back on. */
export const UPDATE_RULE_MUTATION = graphql(`
  mutation UpdateCategorisationRule(
    $id: ID!
    $match_kind: RuleMatchKind!
    $pattern: String!
    $name: String
    $category_id: ID
    $tax_category_id: ID
    $dimension_value_ids: [ID!]
    $active: Boolean!
  ) {
    update_categorisation_rule(
      id: $id
      match_kind: $match_kind
      pattern: $pattern
      name: $name
      category_id: $category_id
      tax_category_id: $tax_category_id
      dimension_value_ids: $dimension_value_ids
      active: $active
    ) { id name active }
  }
`);

export const DELETE_RULE_MUTATION = graphql(`
  mutation DeleteCategorisationRule($id: ID!) {
    delete_categorisation_rule(id: $id)
  }
`);

export const ACCEPT_PROPOSAL_MUTATION = graphql(`
  mutation AcceptCategorisationRuleProposal($id: ID!) {
    accept_categorisation_rule_proposal(id: $id) { id name }
  }
`);

export const DISMISS_PROPOSAL_MUTATION = graphql(`
  mutation DismissCategorisationRuleProposal($id: ID!) {
    dismiss_categorisation_rule_proposal(id: $id)
  }
`);

export type CategorisationRule = ResultOf<typeof CATEGORISATION_RULES_QUERY>["categorisation_rules"]["nodes"][number];
export type RuleProposal = ResultOf<typeof RULE_PROPOSALS_QUERY>["categorisation_rule_proposals"]["nodes"][number];
