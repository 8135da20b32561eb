import { randomUUID } from "node:crypto";
import { PROPOSAL_THRESHOLD } from "@kort/core";
import { categories, taxCategories } from "../../platform/db/schema/index.ts";
import { type CallerHeaders, graphqlAs } from "./sweep-calls.ts";
import type { TestApp } from "./test-app.ts";

const SET_CATEGORIES = `mutation ($transactions: [ID!]!, $category: ID!) {
  bulk_set_transaction_category(transaction_ids: $transactions, category_id: $category) { updated } }`;
const PROPOSALS = "{ categorisation_rule_proposals { nodes { id } } }";
const CREATE_RULE = `mutation ($category: ID!) {
  create_categorisation_rule(match_kind: MERCHANT, pattern: "Sópbúðin", category_id: $category) { id } }`;
const CREATE_GROUP = `mutation {
  create_category_group(title: "Sópverkefni", values: [{ title: "Verkefni A" }]) { id values { id } } }`;
const LINK_GROUP = `mutation ($category: ID!, $group: ID!) {
  link_category_group(category_id: $category, group_id: $group) { id } }`;

/**
 * The sweep company's chart of accounts and what is made from it: a category and a tax category, a category group
 * (a dimension with a value) the category asks for, a categorisation rule, and a rule proposal. The proposal comes
 * as Kort makes one, from a person's like categorisations of one merchant (one bulk change of a selection counts
 * as the panel's), which also notifies the owner.
 */
export const sweepAccounting = async (
  t: TestApp,
  owner: CallerHeaders,
  projectId: string,
  settle: (merchantName: string) => Promise<string>,
) => {
  const code = () => `S-${randomUUID().slice(0, 8)}`;
  const [category] = await t.db
    .insert(categories)
    .values({ projectId, title: "Sópflokkur", code: code() })
    .returning({ id: categories.id });
  const [taxCategory] = await t.db
    .insert(taxCategories)
    .values({ projectId, code: code(), peppolCode: "S", percentage: "24.00" })
    .returning({ id: taxCategories.id });
  if (!category || !taxCategory) throw new Error("The sweep company's category rows were not written");
  const transactions: string[] = [];
  for (let n = 0; n < PROPOSAL_THRESHOLD; n += 1) transactions.push(await settle("Kaffitár Laugavegi"));
  await graphqlAs(t, owner, SET_CATEGORIES, { transactions, category: category.id });
  const proposals = await graphqlAs<{ categorisation_rule_proposals: { nodes: { id: string }[] } }>(
    t,
    owner,
    PROPOSALS,
  );
  const [proposal] = proposals.categorisation_rule_proposals.nodes;
  if (!proposal) throw new Error("Three like categorisations proposed no rule");
  const rule = await graphqlAs<{ create_categorisation_rule: { id: string } }>(t, owner, CREATE_RULE, {
    category: category.id,
  });
  const { create_category_group: group } = await graphqlAs<{
    create_category_group: { id: string; values: { id: string }[] };
  }>(t, owner, CREATE_GROUP);
  const [value] = group.values;
  if (!value) throw new Error("The sweep company's category group has no value");
  await graphqlAs(t, owner, LINK_GROUP, { category: category.id, group: group.id });
  return {
    category: category.id,
    taxCategory: taxCategory.id,
    categoryGroup: group.id,
    dimensionValue: value.id,
    rule: rule.create_categorisation_rule.id,
    ruleProposal: proposal.id,
  };
};
