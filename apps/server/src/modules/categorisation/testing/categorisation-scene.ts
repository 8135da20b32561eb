import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp } from "../../../app/testing/test-app.ts";
import {
  categories,
  categoryDimensions,
  dimensions,
  dimensionValues,
  taxCategories,
} from "../../../platform/db/schema/index.ts";
import { seedTaxCategories } from "../../accounting/accounting.service.ts";
import { createCardsScene } from "../../cards/testing/cards-scene.ts";
import { type NetworkCard, requestAuthorization } from "../../processor/testing/network-calls.ts";
import { codeOf, graphqlFor } from "../../teams/teams.fixtures.ts";

/**
 * The scene of the categorisation tests (not a test itself; issue 19): a company with categories, tax categories and
 * a dimension, a card of its and one of another company, and the calls the tests make: a purchase authorized and
 * cleared through the card network, a person categorising, the proposals and the transaction panel.
 */

export const NETWORK_KEY = "test-network-key-categorisation-0123";

export type CategorisationScene = Awaited<ReturnType<typeof createCategorisationScene>>;

export const createCategorisationScene = async () => {
  const ids = { food: "", travel: "", foreignFood: "", vat11: "", vat24: "", project: "", projectA: "" };
  const key = randomBytes(32);
  const t = await createTestApp({ env: { KORT_CARD_KEY: key.toString("base64"), KORT_NETWORK_KEY: NETWORK_KEY } });
  const gql = graphqlFor(t);
  const scene = await createCardsScene(t.db, key);
  const now = new Date();
  await seedTaxCategories(t.db, { projectId: scene.project.id, now });
  await seedTaxCategories(t.db, { projectId: scene.other.id, now });
  const category = async (projectId: string, title: string) =>
    (
      await t.db
        .insert(categories)
        .values({ projectId, title, code: `C-${randomUUID().slice(0, 8)}` })
        .returning()
    )[0]?.id as string;
  ids.food = await category(scene.project.id, "Veitingar");
  ids.travel = await category(scene.project.id, "Ferðir");
  ids.foreignFood = await category(scene.other.id, "Matur");
  const tax = async (code: string) =>
    (
      await t.db
        .select({ id: taxCategories.id })
        .from(taxCategories)
        .where(and(eq(taxCategories.projectId, scene.project.id), eq(taxCategories.code, code)))
    )[0]?.id as string;
  ids.vat11 = await tax("VSK11");
  ids.vat24 = await tax("VSK24");
  ids.project = (
    await t.db.insert(dimensions).values({ projectId: scene.project.id, title: "Verkefni" }).returning()
  )[0]?.id as string;
  ids.projectA = (
    await t.db
      .insert(dimensionValues)
      .values({ projectId: scene.project.id, dimensionId: ids.project, title: "Verkefni A" })
      .returning()
  )[0]?.id as string;
  await t.db
    .insert(categoryDimensions)
    .values({ projectId: scene.project.id, categoryId: ids.food, dimensionId: ids.project });
  const card = await scene.issue();
  const foreignCard = await scene.issue({
    projectId: scene.other.id,
    teamId: scene.teams.foreign.id,
    cardholderId: scene.foreignOwner.id,
  });

  /** A purchase authorized through the card network interface; answers the authorization's id. */
  const authorize = async (from: NetworkCard, merchant: string, mcc = "5812", amount = 2500): Promise<string> => {
    const authorization = await requestAuthorization(t.app, NETWORK_KEY, from, {
      amount,
      merchant_name: merchant,
      mcc,
    });
    const answer = authorization.json<{ id: string; approved: boolean }>();
    expect(answer.approved, authorization.body).toBe(true);
    return answer.id;
  };

  /** An authorization cleared through the card network interface; answers the settled transaction's id. */
  const clear = async (authorizationId: string, amount = 2500): Promise<string> => {
    const clearing = await t.app.inject({
      method: "POST",
      url: "/v1/network/clearings",
      headers: { "x-network-key": NETWORK_KEY },
      payload: { authorization_id: authorizationId, amount },
    });
    expect(clearing.statusCode, clearing.body).toBe(201);
    return clearing.json<{ transaction_id: string }>().transaction_id;
  };

  /** A purchase authorized and cleared; answers the transaction id. */
  const settle = async (from: NetworkCard, merchant: string, mcc = "5812", amount = 2500): Promise<string> =>
    clear(await authorize(from, merchant, mcc, amount), amount);

  /** A person (the accountant unless told) categorises a transaction, with tax and dimension values. */
  const categorise = async (
    id: string,
    category: string,
    options: { tax?: string; values?: string[]; as?: Record<string, string> } = {},
  ) => {
    const headers = options.as ?? scene.accountant.headers;
    if (options.tax) expect(codeOf(await gql(SET_TAX, headers, { id, tax: options.tax }))).toBeUndefined();
    const body = await gql(SET_CATEGORY, headers, { id, category, values: options.values ?? [] });
    expect(body.errors).toBeUndefined();
  };

  const proposalsFor = async (merchantKey: string): Promise<Proposal[]> => {
    const body = await gql<{ categorisation_rule_proposals: { nodes: Proposal[] } }>(
      PROPOSALS,
      scene.accountant.headers,
    );
    expect(body.errors).toBeUndefined();
    return body.data?.categorisation_rule_proposals.nodes.filter((p) => p.merchant_key === merchantKey) ?? [];
  };

  const panel = async (id: string) => {
    const body = await gql<Panel>(PANEL, scene.accountant.headers, { id });
    expect(body.errors).toBeUndefined();
    return body.data?.transaction as Panel["transaction"];
  };

  return { t, gql, scene, card, foreignCard, ids, authorize, clear, settle, categorise, proposalsFor, panel };
};

/**
 * The scene of a test file: made before its tests and closed after them. Its fields are read when a test runs
 * (`s.card`, `s.settle(...)`), so a file keeps no variable of its own for each.
 */
export const useCategorisationScene = (): CategorisationScene => {
  let current: CategorisationScene | undefined;
  beforeAll(async () => {
    current = await createCategorisationScene();
  });
  afterAll(() => current?.t.close());
  return new Proxy({} as CategorisationScene, {
    get: (_target, key) => {
      if (!current) throw new Error("The categorisation scene is made in beforeAll; read it inside a test.");
      return current[key as keyof CategorisationScene];
    },
  });
};

export const SET_CATEGORY = `mutation($id: ID!, $category: ID, $values: [ID!]) {
  set_transaction_category(transaction_id: $id, category_id: $category, subcategory_ids: $values) { id } }`;
export const SET_TAX = `mutation($id: ID!, $tax: ID) { set_transaction_tax_category(transaction_id: $id, tax_category_id: $tax) { id } }`;
export const PROPOSALS = `{ categorisation_rule_proposals { nodes { id merchant_name merchant_key category_id tax_category_id
  transaction_count status dimension_values { id title } } next_cursor } }`;
export const RULES = `{ categorisation_rules { nodes { id match_kind pattern name category_id tax_category_id source active
  dimension_values { id } } next_cursor } }`;
export const ACCEPT = `mutation($id: ID!) { accept_categorisation_rule_proposal(id: $id) { id name match_kind pattern source
  category_id tax_category_id dimension_values { id } } }`;
export const DISMISS = `mutation($id: ID!) { dismiss_categorisation_rule_proposal(id: $id) }`;
export const CREATE = `mutation($kind: RuleMatchKind!, $pattern: String!, $name: String, $category: ID, $tax: ID, $values: [ID!]) {
  create_categorisation_rule(match_kind: $kind, pattern: $pattern, name: $name, category_id: $category,
    tax_category_id: $tax, dimension_value_ids: $values) { id name pattern match_kind category_id tax_category_id } }`;
export const PANEL = `query($id: ID!) { transaction(id: $id) { categorised_by_rule { id name }
  tax_category { id } transaction { category { id } } dimension_values { value_id } } }`;

export type Proposal = {
  id: string;
  merchant_name: string;
  merchant_key: string;
  category_id: string;
  tax_category_id: string | null;
  transaction_count: number;
  status: string;
  dimension_values: { id: string; title: string }[];
};
export type Panel = {
  transaction: {
    categorised_by_rule: { id: string; name: string } | null;
    tax_category: { id: string } | null;
    transaction: { category: { id: string } | null };
    dimension_values: { value_id: string }[];
  };
};

/** A merchant name no other test uses (tests of one file share a database). */
export const merchant = (name: string) => `${name} ${randomBytes(3).toString("hex").replace(/[0-9]/g, "x")}`;
