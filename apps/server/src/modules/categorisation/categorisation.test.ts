import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import {
  auditLog,
  categories,
  categorisationProposals,
  categoryDimensions,
  dimensions,
  dimensionValues,
  notifications,
  projects,
  taxCategories,
  transactionDimensionValues,
  transactions,
} from "../../platform/db/schema/index.ts";
import { createToken, createUser } from "../../platform/http/testing/fixtures.ts";
import { seedTaxCategories } from "../accounting/accounting.service.ts";
import { type CardsScene, createCardsScene } from "../cards/testing/cards-scene.ts";
import { createCompanyWithOwner } from "../projects/memberships.service.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";

/**
 * Automatic categorisation over the real calls (issue 19): three categorisations by a person propose a rule, the
 * accountant accepts it, and the next clearing from the card network arrives categorised and names the rule.
 */

const NETWORK_KEY = "test-network-key-categorisation-0123";
let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
let scene: CardsScene;
let card: Awaited<ReturnType<CardsScene["issue"]>>;
let foreignCard: Awaited<ReturnType<CardsScene["issue"]>>;
const ids = { food: "", travel: "", foreignFood: "", vat11: "", vat24: "", project: "", projectA: "" };

beforeAll(async () => {
  const key = randomBytes(32);
  t = await createTestApp({ env: { KORT_CARD_KEY: key.toString("base64"), KORT_NETWORK_KEY: NETWORK_KEY } });
  gql = graphqlFor(t);
  scene = await createCardsScene(t.db, key);
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
  card = await scene.issue();
  foreignCard = await scene.issue({
    projectId: scene.other.id,
    teamId: scene.teams.foreign.id,
    cardholderId: scene.foreignOwner.id,
  });
});
afterAll(() => t.close());

type CardLike = { pan: string; expirationMonth: number; expirationYear: number };

/** A purchase authorized and cleared through the card network interface; answers the transaction id. */
const settle = async (from: CardLike, merchant: string, mcc = "5812", amount = 2500): Promise<string> => {
  const headers = { "x-network-key": NETWORK_KEY };
  const authorization = await t.app.inject({
    method: "POST",
    url: "/v1/network/authorizations",
    headers,
    payload: {
      pan: from.pan,
      expiry_month: from.expirationMonth,
      expiry_year: from.expirationYear,
      amount,
      currency: "ISK",
      merchant_name: merchant,
      mcc,
      merchant_country: "IS",
    },
  });
  const answer = authorization.json<{ id: string; approved: boolean }>();
  expect(answer.approved, authorization.body).toBe(true);
  const clearing = await t.app.inject({
    method: "POST",
    url: "/v1/network/clearings",
    headers,
    payload: { authorization_id: answer.id, amount },
  });
  expect(clearing.statusCode, clearing.body).toBe(201);
  return clearing.json<{ transaction_id: string }>().transaction_id;
};

const SET_CATEGORY = `mutation($id: ID!, $category: ID, $values: [ID!]) {
  set_transaction_category(transaction_id: $id, category_id: $category, subcategory_ids: $values) { id } }`;
const SET_TAX = `mutation($id: ID!, $tax: ID) { set_transaction_tax_category(transaction_id: $id, tax_category_id: $tax) { id } }`;
const PROPOSALS = `{ categorisation_rule_proposals { nodes { id merchant_name merchant_key category_id tax_category_id
  transaction_count status dimension_values { id title } } next_cursor } }`;
const RULES = `{ categorisation_rules { nodes { id match_kind pattern name category_id tax_category_id source active
  dimension_values { id } } next_cursor } }`;
const ACCEPT = `mutation($id: ID!) { accept_categorisation_rule_proposal(id: $id) { id name match_kind pattern source
  category_id tax_category_id dimension_values { id } } }`;
const DISMISS = `mutation($id: ID!) { dismiss_categorisation_rule_proposal(id: $id) }`;
const CREATE = `mutation($kind: RuleMatchKind!, $pattern: String!, $name: String, $category: ID, $tax: ID, $values: [ID!]) {
  create_categorisation_rule(match_kind: $kind, pattern: $pattern, name: $name, category_id: $category,
    tax_category_id: $tax, dimension_value_ids: $values) { id name pattern match_kind category_id tax_category_id } }`;
const PANEL = `query($id: ID!) { transaction(id: $id) { categorised_by_rule { id name }
  tax_category { id } transaction { category { id } } dimension_values { value_id } } }`;

type Proposal = {
  id: string;
  merchant_name: string;
  merchant_key: string;
  category_id: string;
  tax_category_id: string | null;
  transaction_count: number;
  status: string;
  dimension_values: { id: string; title: string }[];
};
type Panel = {
  transaction: {
    categorised_by_rule: { id: string; name: string } | null;
    tax_category: { id: string } | null;
    transaction: { category: { id: string } | null };
    dimension_values: { value_id: string }[];
  };
};

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
  const body = await gql<{ categorisation_rule_proposals: { nodes: Proposal[] } }>(PROPOSALS, scene.accountant.headers);
  expect(body.errors).toBeUndefined();
  return body.data?.categorisation_rule_proposals.nodes.filter((p) => p.merchant_key === merchantKey) ?? [];
};

const panel = async (id: string) => {
  const body = await gql<Panel>(PANEL, scene.accountant.headers, { id });
  expect(body.errors).toBeUndefined();
  return body.data?.transaction as Panel["transaction"];
};

/** A merchant name no other test uses (tests of one file share a database). */
const merchant = (name: string) => `${name} ${randomBytes(3).toString("hex").replace(/[0-9]/g, "x")}`;

describe("proposals from three categorisations", () => {
  it("proposes after the third, notifies owners and accountants; accepting makes a rule the next clearing meets", async () => {
    const name = merchant("Kaffi Vest");
    const first = [await settle(card, `${name} 01`), await settle(card, name), await settle(card, `SQ *${name}`)];
    const key = name.toLowerCase();
    await categorise(first[0] as string, ids.food, { tax: ids.vat11, values: [ids.projectA] });
    await categorise(first[1] as string, ids.food, { tax: ids.vat11, values: [ids.projectA] });
    expect(await proposalsFor(key)).toEqual([]);
    await categorise(first[2] as string, ids.food, { tax: ids.vat11, values: [ids.projectA] });
    const [proposal] = await proposalsFor(key);
    expect(proposal).toMatchObject({
      category_id: ids.food,
      tax_category_id: ids.vat11,
      transaction_count: 3,
      status: "PROPOSED",
      dimension_values: [{ id: ids.projectA, title: "Verkefni A" }],
    });
    // The owner and the accountant hear of it once; the employee and team admins do not.
    const notices = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        sql`${notifications.kind} = 'categorisation.rule_proposed' and ${notifications.payload} ->> 'proposal_id' = ${proposal?.id}`,
      );
    expect(notices.map((n) => n.userId).sort()).toEqual([scene.owner.id, scene.accountant.id].sort());

    const accepted = await gql<{ accept_categorisation_rule_proposal: Record<string, unknown> }>(
      ACCEPT,
      scene.accountant.headers,
      { id: proposal?.id },
    );
    expect(accepted.errors).toBeUndefined();
    const rule = accepted.data?.accept_categorisation_rule_proposal;
    expect(rule).toMatchObject({ match_kind: "MERCHANT", pattern: key, source: "ACCEPTED", category_id: ids.food });
    expect(await proposalsFor(key)).toEqual([]);

    const next = await settle(card, `${name.toUpperCase()} 77`);
    const seen = await panel(next);
    expect(seen.categorised_by_rule).toEqual({ id: rule?.id, name: rule?.name });
    expect(seen.transaction.category?.id).toBe(ids.food);
    expect(seen.tax_category?.id).toBe(ids.vat11);
    expect(seen.dimension_values.map((v) => v.value_id)).toEqual([ids.projectA]);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, next));
    expect(row?.categorisedByRuleId).toBe(rule?.id);

    const audited = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.objectId} in (${proposal?.id}, ${next})`);
    expect(audited.map((a) => a.action).sort()).toEqual([
      "categorisation_proposal.accept",
      "categorisation_proposal.create",
      "transaction.categorised_by_rule",
    ]);
    // A person who sets the category afterwards takes it over: the panel no longer names the rule.
    await categorise(next, ids.travel);
    expect((await panel(next)).categorised_by_rule).toBeNull();
  });

  it("counts a bulk categorisation of a selection and the employee app's, like the panel's", async () => {
    const bulkName = merchant("Bensín");
    const bulkRows = [await settle(card, bulkName), await settle(card, bulkName), await settle(card, bulkName)];
    const bulk = await gql(
      `mutation($ids: [ID!]!, $category: ID!) { bulk_set_transaction_category(transaction_ids: $ids, category_id: $category) { updated } }`,
      scene.accountant.headers,
      { ids: bulkRows, category: ids.travel },
    );
    expect(bulk.errors).toBeUndefined();
    expect((await proposalsFor(bulkName.toLowerCase())).map((p) => p.category_id)).toEqual([ids.travel]);

    const appName = merchant("Hádegi");
    for (let i = 0; i < 3; i++) {
      const id = await settle(card, appName);
      const patched = await t.app.inject({
        method: "PATCH",
        url: `/v1/funding_sources/${card.id}/transactions/${id}`,
        headers: { ...scene.user.headers, "idempotency-key": randomUUID() },
        payload: { category_id: ids.food },
      });
      expect(patched.statusCode, patched.body).toBe(200);
    }
    expect((await proposalsFor(appName.toLowerCase())).map((p) => p.category_id)).toEqual([ids.food]);
  });

  it("does not propose for three different categorisations, nor for another merchant", async () => {
    const name = merchant("Bakarí");
    const rows = [await settle(card, name), await settle(card, name), await settle(card, merchant("Annað"))];
    await categorise(rows[0] as string, ids.food);
    await categorise(rows[1] as string, ids.travel);
    await categorise(rows[2] as string, ids.food);
    expect(await proposalsFor(name.toLowerCase())).toEqual([]);
  });

  it("never proposes again what was dismissed", async () => {
    const name = merchant("Sjoppan");
    const rows = [];
    for (let i = 0; i < 4; i++) rows.push(await settle(card, name));
    for (const row of rows.slice(0, 3)) await categorise(row, ids.food);
    const [proposal] = await proposalsFor(name.toLowerCase());
    expect(proposal).toBeDefined();
    expect((await gql(DISMISS, scene.accountant.headers, { id: proposal?.id })).errors).toBeUndefined();
    expect(await proposalsFor(name.toLowerCase())).toEqual([]);
    // A fourth the same way proposes nothing; deciding the dismissed one again is refused with its code.
    await categorise(rows[3] as string, ids.food);
    expect(await proposalsFor(name.toLowerCase())).toEqual([]);
    expect(codeOf(await gql(ACCEPT, scene.accountant.headers, { id: proposal?.id }))).toBe(
      "CATEGORISATION_PROPOSAL_DECIDED",
    );
    const [stored] = await t.db
      .select({ status: categorisationProposals.status })
      .from(categorisationProposals)
      .where(eq(categorisationProposals.id, proposal?.id as string));
    expect(stored?.status).toBe("DISMISSED");
  });
});

describe("rules at settlement", () => {
  it("never overwrites what a person set before the clearing, and fills only what is empty", async () => {
    const name = merchant("Grillhúsið");
    const made = await gql<{ create_categorisation_rule: { id: string } }>(CREATE, scene.owner.headers, {
      kind: "MERCHANT",
      pattern: name,
      category: ids.food,
      tax: ids.vat11,
    });
    expect(made.errors).toBeUndefined();
    // The purchase is in the ledger unsettled once authorized; the cardholder categorises it before it clears.
    const headers = { "x-network-key": NETWORK_KEY };
    const authorization = await t.app.inject({
      method: "POST",
      url: "/v1/network/authorizations",
      headers,
      payload: {
        pan: card.pan,
        expiry_month: card.expirationMonth,
        expiry_year: card.expirationYear,
        amount: 4000,
        currency: "ISK",
        merchant_name: name,
        mcc: "5812",
        merchant_country: "IS",
      },
    });
    const authorizationId = authorization.json<{ id: string }>().id;
    const [unsettled] = await t.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.authorizationId, authorizationId));
    expect(unsettled).toBeDefined();
    await categorise(unsettled?.id as string, ids.travel, { as: scene.user.headers });
    const clearing = await t.app.inject({
      method: "POST",
      url: "/v1/network/clearings",
      headers,
      payload: { authorization_id: authorizationId, amount: 4000 },
    });
    expect(clearing.statusCode).toBe(201);
    const seen = await panel(unsettled?.id as string);
    expect(seen.transaction.category?.id).toBe(ids.travel);
    // The tax was empty (travel has no default VAT): the rule's fills it, and the panel says which rule did.
    expect(seen.tax_category?.id).toBe(ids.vat11);
    expect(seen.categorised_by_rule?.id).toBe(made.data?.create_categorisation_rule.id);
  });

  it("prefers the merchant rule to an MCC rule, and uses the MCC rule for other merchants", async () => {
    const mcc = String(7000 + Math.floor(Math.random() * 900));
    const byMcc = await gql<{ create_categorisation_rule: { id: string } }>(CREATE, scene.accountant.headers, {
      kind: "MCC",
      pattern: mcc,
      category: ids.travel,
      tax: ids.vat24,
    });
    expect(byMcc.errors).toBeUndefined();
    const name = merchant("Hótel Saga");
    const byMerchant = await gql<{ create_categorisation_rule: { id: string } }>(CREATE, scene.accountant.headers, {
      kind: "MERCHANT",
      pattern: name,
      category: ids.food,
    });
    expect(byMerchant.errors).toBeUndefined();
    const merchantHit = await panel(await settle(card, name, mcc));
    expect(merchantHit.categorised_by_rule?.id).toBe(byMerchant.data?.create_categorisation_rule.id);
    expect(merchantHit.transaction.category?.id).toBe(ids.food);
    const mccHit = await panel(await settle(card, merchant("Gistiheimili"), mcc));
    expect(mccHit.categorised_by_rule?.id).toBe(byMcc.data?.create_categorisation_rule.id);
    expect(mccHit.transaction.category?.id).toBe(ids.travel);
    expect(mccHit.tax_category?.id).toBe(ids.vat24);
  });

  it("never applies another company's rule", async () => {
    const name = merchant("Erlent kaffi");
    const mine = await gql(CREATE, scene.owner.headers, { kind: "MERCHANT", pattern: name, category: ids.food });
    expect(mine.errors).toBeUndefined();
    const foreignTransaction = await settle(foreignCard, name);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, foreignTransaction));
    expect(row?.categoryId).toBeNull();
    expect(row?.categorisedByRuleId).toBeNull();
    expect(row?.merchantKey).toBe(name.toLowerCase());
  });

  it("leaves a transaction no rule matches as it was", async () => {
    const id = await settle(card, merchant("Enginn regla"), "5999");
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, id));
    expect(row).toMatchObject({ categoryId: null, taxCategoryId: null, categorisedByRuleId: null });
    const values = await t.db
      .select()
      .from(transactionDimensionValues)
      .where(eq(transactionDimensionValues.transactionId, id));
    expect(values).toEqual([]);
  });
});

describe("managing rules", () => {
  it("refuses employees and team admins every call, with ACCESS_DENIED", async () => {
    const calls: [string, Record<string, unknown>][] = [
      [RULES, {}],
      [PROPOSALS, {}],
      [CREATE, { kind: "MCC", pattern: "5411", category: ids.food }],
      [ACCEPT, { id: randomUUID() }],
      [DISMISS, { id: randomUUID() }],
      [`mutation($id: ID!) { delete_categorisation_rule(id: $id) }`, { id: randomUUID() }],
    ];
    for (const caller of [scene.user, scene.teamAdmin, scene.otherTeamAdmin]) {
      for (const [query, variables] of calls) {
        expect(codeOf(await gql(query, caller.headers, variables)), `${caller.role}: ${query}`).toBe("ACCESS_DENIED");
      }
    }
    for (const caller of [scene.owner, scene.accountant]) {
      expect((await gql(RULES, caller.headers)).errors).toBeUndefined();
    }
  });

  it("refuses bad input with coded errors, never a 500", async () => {
    const headers = scene.accountant.headers;
    const attempts: [Record<string, unknown>, string][] = [
      [{ kind: "MCC", pattern: "55", category: ids.food }, "VALIDATION_FAILED"],
      [{ kind: "MERCHANT", pattern: "  123 ", category: ids.food }, "VALIDATION_FAILED"],
      [{ kind: "MERCHANT", pattern: merchant("Ekkert") }, "VALIDATION_FAILED"],
      [{ kind: "MERCHANT", pattern: merchant("Erlendur"), category: ids.foreignFood }, "CATEGORY_NOT_AVAILABLE"],
      [{ kind: "MERCHANT", pattern: merchant("Skattur"), tax: randomUUID() }, "TAX_CATEGORY_NOT_AVAILABLE"],
      [
        { kind: "MERCHANT", pattern: merchant("Gildi"), category: ids.travel, values: [ids.projectA] },
        "DIMENSION_VALUE_NOT_AVAILABLE",
      ],
    ];
    for (const [variables, code] of attempts) {
      expect(codeOf(await gql(CREATE, headers, variables)), JSON.stringify(variables)).toBe(code);
    }
    const name = merchant("Tvisvar");
    expect(
      (await gql(CREATE, headers, { kind: "MERCHANT", pattern: name, category: ids.food })).errors,
    ).toBeUndefined();
    const again = await gql(CREATE, headers, {
      kind: "MERCHANT",
      pattern: `${name.toUpperCase()} 12`,
      category: ids.food,
    });
    expect(codeOf(again)).toBe("CATEGORISATION_RULE_EXISTS");
    expect(codeOf(await gql(`{ categorisation_rules(after: "nonsense") { next_cursor } }`, headers))).toBe(
      "VALIDATION_FAILED",
    );
    expect(codeOf(await gql(ACCEPT, headers, { id: "not-a-uuid" }))).toBe("NOT_FOUND");
  });

  it("edits and deletes a rule, audited; a deleted rule no longer applies but is still named where it did", async () => {
    const headers = scene.owner.headers;
    const name = merchant("Pizzan");
    const made = await gql<{ create_categorisation_rule: { id: string } }>(CREATE, headers, {
      kind: "MERCHANT",
      pattern: name,
      category: ids.food,
    });
    const id = made.data?.create_categorisation_rule.id as string;
    const update = `mutation($id: ID!, $pattern: String!) { update_categorisation_rule(id: $id, match_kind: MERCHANT,
      pattern: $pattern, name: "Pizzur", category_id: "${ids.travel}") { name category_id } }`;
    const edited = await gql<{ update_categorisation_rule: { name: string; category_id: string } }>(update, headers, {
      id,
      pattern: name,
    });
    expect(edited.data?.update_categorisation_rule).toEqual({ name: "Pizzur", category_id: ids.travel });
    const before = await settle(card, name);
    expect((await panel(before)).categorised_by_rule).toEqual({ id, name: "Pizzur" });
    const deleted = await gql(`mutation($id: ID!) { delete_categorisation_rule(id: $id) }`, headers, { id });
    expect(deleted.errors).toBeUndefined();
    expect((await panel(before)).categorised_by_rule).toEqual({ id, name: "Pizzur" });
    const after = await settle(card, name);
    expect((await panel(after)).categorised_by_rule).toBeNull();
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.objectId, id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      "categorisation_rule.create",
      "categorisation_rule.delete",
      "categorisation_rule.update",
    ]);
    // Another company's owner cannot see or touch it.
    const foreign = await gql(
      `mutation($id: ID!) { delete_categorisation_rule(id: $id) }`,
      scene.foreignOwner.headers,
      {
        id,
      },
    );
    expect(codeOf(foreign)).toBe("NOT_FOUND");
  });

  it("turns a rule off and on: an inactive rule leaves the next settlement uncategorised", async () => {
    const headers = scene.accountant.headers;
    const name = merchant("Bakaríið");
    const made = await gql<{ create_categorisation_rule: { id: string } }>(CREATE, headers, {
      kind: "MERCHANT",
      pattern: name,
      category: ids.food,
      tax: ids.vat11,
      values: [ids.projectA],
    });
    expect(made.errors).toBeUndefined();
    const id = made.data?.create_categorisation_rule.id as string;
    const update = `mutation($id: ID!, $pattern: String!, $active: Boolean) { update_categorisation_rule(id: $id,
      match_kind: MERCHANT, pattern: $pattern, category_id: "${ids.food}", tax_category_id: "${ids.vat11}",
      dimension_value_ids: ["${ids.projectA}"], active: $active) { active dimension_values { id } } }`;
    const off = await gql<{ update_categorisation_rule: { active: boolean; dimension_values: { id: string }[] } }>(
      update,
      headers,
      { id, pattern: name, active: false },
    );
    expect(off.data?.update_categorisation_rule).toEqual({ active: false, dimension_values: [{ id: ids.projectA }] });
    const listed = await gql<{ categorisation_rules: { nodes: { id: string; active: boolean }[] } }>(RULES, headers);
    expect(listed.data?.categorisation_rules.nodes.find((rule) => rule.id === id)?.active).toBe(false);

    const whileOff = await settle(card, name);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, whileOff));
    expect(row).toMatchObject({ categoryId: null, taxCategoryId: null, categorisedByRuleId: null });
    expect((await panel(whileOff)).dimension_values).toEqual([]);

    const on = await gql(update, headers, { id, pattern: name, active: true });
    expect(on.errors).toBeUndefined();
    const whileOn = await panel(await settle(card, name));
    expect(whileOn.categorised_by_rule?.id).toBe(id);
    expect(whileOn.transaction.category?.id).toBe(ids.food);
    expect(whileOn.tax_category?.id).toBe(ids.vat11);
    expect(whileOn.dimension_values).toEqual([{ value_id: ids.projectA }]);
  });

  it("pages the rules by keyset", async () => {
    const headers = scene.accountant.headers;
    for (let i = 0; i < 3; i++) {
      await gql(CREATE, headers, { kind: "MERCHANT", pattern: merchant("Síða"), category: ids.food });
    }
    const page = `query($after: String) { categorisation_rules(first: 2, after: $after) { nodes { id } next_cursor } }`;
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const body: {
        data?: { categorisation_rules: { nodes: { id: string }[]; next_cursor: string | null } } | null;
        errors?: unknown;
      } = await gql(page, headers, { after });
      expect(body.errors).toBeUndefined();
      seen.push(...(body.data?.categorisation_rules.nodes.map((n) => n.id) ?? []));
      after = body.data?.categorisation_rules.next_cursor ?? null;
    } while (after);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(3);
  });
});

describe("a new company's default rules", () => {
  it("categorises fuel, food and travel by MCC from the first purchase, with the usual Icelandic VAT", async () => {
    const owner = await createUser(t.db, "Nýr Eigandi");
    const company = await t.db.transaction((tx) =>
      createCompanyWithOwner(tx, {
        title: "Nýtt ehf.",
        kennitala: String(randomBytes(5).readUIntBE(0, 5) % 10_000_000_000).padStart(10, "0"),
        ownerId: owner.id,
        now: new Date(),
      }),
    );
    const headers = { authorization: `Bearer ${await createToken(t.db, owner.id)}`, "x-project-id": company.id };
    type Rule = { pattern: string; source: string; category_id: string | null; tax_category_id: string | null };
    const body = await gql<{ categorisation_rules: { nodes: Rule[] } }>(RULES, headers);
    const rules = new Map(body.data?.categorisation_rules.nodes.map((rule) => [rule.pattern, rule]));
    const taxIds = new Map(
      (
        await t.db
          .select({ id: taxCategories.id, code: taxCategories.code })
          .from(taxCategories)
          .where(eq(taxCategories.projectId, company.id))
      ).map((row) => [row.code, row.id]),
    );
    const titles = new Map(
      (
        await t.db
          .select({ id: categories.id, title: categories.title })
          .from(categories)
          .where(eq(categories.projectId, company.id))
      ).map((row) => [row.id, row.title]),
    );
    const expectations: [string, string, string | undefined][] = [
      ["5541", "Eldsneyti", taxIds.get("VSK24")],
      ["5983", "Eldsneyti", taxIds.get("VSK24")],
      ["5411", "Matur og veitingar", taxIds.get("VSK11")],
      ["5812", "Matur og veitingar", taxIds.get("VSK11")],
      ["7011", "Ferðir og gisting", taxIds.get("VSK11")],
      // Passenger transport is exempt: the company has no exempt tax category yet, so no rate is set.
      ["4511", "Ferðir og gisting", undefined],
      ["4121", "Ferðir og gisting", undefined],
    ];
    for (const [mcc, title, tax] of expectations) {
      const rule = rules.get(mcc);
      expect(rule?.source, mcc).toBe("DEFAULT");
      expect(titles.get(rule?.category_id ?? ""), mcc).toBe(title);
      expect(rule?.tax_category_id ?? undefined, mcc).toBe(tax);
    }

    // A purchase at a fuel station settles categorised as fuel with 24% VAT, the panel naming the default rule.
    await t.db
      .update(projects)
      .set({ approvalStatus: "approved", creditLimit: 1_000_000 })
      .where(eq(projects.id, company.id));
    const fuelCard = await scene.issue({ projectId: company.id, teamId: null, cardholderId: owner.id });
    const id = await settle(fuelCard, "Orkan Vesturlandsvegi", "5541", 9000);
    const seen = await gql<Panel>(PANEL, headers, { id });
    expect(titles.get(seen.data?.transaction.transaction.category?.id ?? "")).toBe("Eldsneyti");
    expect(seen.data?.transaction.tax_category?.id).toBe(taxIds.get("VSK24"));
    expect(seen.data?.transaction.categorised_by_rule?.name).toBe("Eldsneyti: bensínstöðvar (MCC 5541)");
  });
});
