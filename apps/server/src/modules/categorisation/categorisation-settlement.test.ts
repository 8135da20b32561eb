import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  categories,
  projects,
  taxCategories,
  transactionDimensionValues,
  transactions,
} from "../../platform/db/schema/index.ts";
import { createToken, createUser } from "../../platform/http/testing/fixtures.ts";
import { createCompanyWithOwner } from "../projects/memberships.service.ts";
import {
  type CategorisationScene,
  CREATE,
  createCategorisationScene,
  merchant,
  NETWORK_KEY,
  PANEL,
  type Panel,
  RULES,
} from "./testing/categorisation-scene.ts";

/**
 * Rules at settlement (issue 19): what a rule fills when a purchase clears through the card network, what it
 * never overwrites, which rule wins, and a new company's default rules by MCC.
 */

let s: CategorisationScene;
let t: CategorisationScene["t"];
let gql: CategorisationScene["gql"];
let scene: CategorisationScene["scene"];
let card: CategorisationScene["card"];
let foreignCard: CategorisationScene["foreignCard"];
let ids: CategorisationScene["ids"];
beforeAll(async () => {
  s = await createCategorisationScene();
  ({ t, gql, scene, card, foreignCard, ids } = s);
});
afterAll(() => s.t.close());
const settle: CategorisationScene["settle"] = (...args) => s.settle(...args);
const categorise: CategorisationScene["categorise"] = (...args) => s.categorise(...args);
const panel: CategorisationScene["panel"] = (...args) => s.panel(...args);

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
