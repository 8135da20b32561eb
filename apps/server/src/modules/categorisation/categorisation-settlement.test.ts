import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  categories,
  projects,
  taxCategories,
  transactionDimensionValues,
  transactions,
} from "../../platform/db/schema/index.ts";
import { createToken, createUser } from "../../platform/http/testing/fixtures.ts";
import { createCompanyWithOwner } from "../projects/memberships.service.ts";
import { CREATE, merchant, PANEL, type Panel, RULES, useCategorisationScene } from "./testing/categorisation-scene.ts";

/**
 * Rules at settlement (issue 19): what a rule fills when a purchase clears through the card network, what it
 * never overwrites, which rule wins, and a new company's default rules by MCC.
 */

const s = useCategorisationScene();

describe("rules at settlement", () => {
  it("never overwrites what a person set before the clearing, and fills only what is empty", async () => {
    const name = merchant("Grillhúsið");
    const made = await s.gql<{ create_categorisation_rule: { id: string } }>(CREATE, s.scene.owner.headers, {
      kind: "MERCHANT",
      pattern: name,
      category: s.ids.food,
      tax: s.ids.vat11,
    });
    expect(made.errors).toBeUndefined();
    // The purchase is in the ledger unsettled once authorized; the cardholder categorises it before it clears.
    const authorizationId = await s.authorize(s.card, name, "5812", 4000);
    const [unsettled] = await s.t.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.authorizationId, authorizationId));
    expect(unsettled).toBeDefined();
    await s.categorise(unsettled?.id as string, s.ids.travel, { as: s.scene.user.headers });
    expect(await s.clear(authorizationId, 4000)).toBe(unsettled?.id);
    const seen = await s.panel(unsettled?.id as string);
    expect(seen.transaction.category?.id).toBe(s.ids.travel);
    // The tax was empty (travel has no default VAT): the rule's fills it, and the panel says which rule did.
    expect(seen.tax_category?.id).toBe(s.ids.vat11);
    expect(seen.categorised_by_rule?.id).toBe(made.data?.create_categorisation_rule.id);
  });

  it("prefers the merchant rule to an MCC rule, and uses the MCC rule for other merchants", async () => {
    const mcc = String(7000 + Math.floor(Math.random() * 900));
    const byMcc = await s.gql<{ create_categorisation_rule: { id: string } }>(CREATE, s.scene.accountant.headers, {
      kind: "MCC",
      pattern: mcc,
      category: s.ids.travel,
      tax: s.ids.vat24,
    });
    expect(byMcc.errors).toBeUndefined();
    const name = merchant("Hótel Saga");
    const byMerchant = await s.gql<{ create_categorisation_rule: { id: string } }>(CREATE, s.scene.accountant.headers, {
      kind: "MERCHANT",
      pattern: name,
      category: s.ids.food,
    });
    expect(byMerchant.errors).toBeUndefined();
    const merchantHit = await s.panel(await s.settle(s.card, name, mcc));
    expect(merchantHit.categorised_by_rule?.id).toBe(byMerchant.data?.create_categorisation_rule.id);
    expect(merchantHit.transaction.category?.id).toBe(s.ids.food);
    const mccHit = await s.panel(await s.settle(s.card, merchant("Gistiheimili"), mcc));
    expect(mccHit.categorised_by_rule?.id).toBe(byMcc.data?.create_categorisation_rule.id);
    expect(mccHit.transaction.category?.id).toBe(s.ids.travel);
    expect(mccHit.tax_category?.id).toBe(s.ids.vat24);
  });

  it("never applies another company's rule", async () => {
    const name = merchant("Erlent kaffi");
    const mine = await s.gql(CREATE, s.scene.owner.headers, { kind: "MERCHANT", pattern: name, category: s.ids.food });
    expect(mine.errors).toBeUndefined();
    const foreignTransaction = await s.settle(s.foreignCard, name);
    const [row] = await s.t.db.select().from(transactions).where(eq(transactions.id, foreignTransaction));
    expect(row?.categoryId).toBeNull();
    expect(row?.categorisedByRuleId).toBeNull();
    expect(row?.merchantKey).toBe(name.toLowerCase());
  });

  it("leaves a transaction no rule matches as it was", async () => {
    const id = await s.settle(s.card, merchant("Enginn regla"), "5999");
    const [row] = await s.t.db.select().from(transactions).where(eq(transactions.id, id));
    expect(row).toMatchObject({ categoryId: null, taxCategoryId: null, categorisedByRuleId: null });
    const values = await s.t.db
      .select()
      .from(transactionDimensionValues)
      .where(eq(transactionDimensionValues.transactionId, id));
    expect(values).toEqual([]);
  });
});

describe("a new company's default rules", () => {
  it("categorises fuel, food and travel by MCC from the first purchase, with the usual Icelandic VAT", async () => {
    const owner = await createUser(s.t.db, "Nýr Eigandi");
    const company = await s.t.db.transaction((tx) =>
      createCompanyWithOwner(tx, {
        title: "Nýtt ehf.",
        kennitala: String(randomBytes(5).readUIntBE(0, 5) % 10_000_000_000).padStart(10, "0"),
        ownerId: owner.id,
        now: new Date(),
      }),
    );
    const headers = { authorization: `Bearer ${await createToken(s.t.db, owner.id)}`, "x-project-id": company.id };
    type Rule = { pattern: string; source: string; category_id: string | null; tax_category_id: string | null };
    const body = await s.gql<{ categorisation_rules: { nodes: Rule[] } }>(RULES, headers);
    const rules = new Map(body.data?.categorisation_rules.nodes.map((rule) => [rule.pattern, rule]));
    const taxIds = new Map(
      (
        await s.t.db
          .select({ id: taxCategories.id, code: taxCategories.code })
          .from(taxCategories)
          .where(eq(taxCategories.projectId, company.id))
      ).map((row) => [row.code, row.id]),
    );
    const titles = new Map(
      (
        await s.t.db
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
    await s.t.db
      .update(projects)
      .set({ approvalStatus: "approved", creditLimit: 1_000_000 })
      .where(eq(projects.id, company.id));
    const fuelCard = await s.scene.issue({ projectId: company.id, teamId: null, cardholderId: owner.id });
    const id = await s.settle(fuelCard, "Orkan Vesturlandsvegi", "5541", 9000);
    const seen = await s.gql<Panel>(PANEL, headers, { id });
    expect(titles.get(seen.data?.transaction.transaction.category?.id ?? "")).toBe("Eldsneyti");
    expect(seen.data?.transaction.tax_category?.id).toBe(taxIds.get("VSK24"));
    expect(seen.data?.transaction.categorised_by_rule?.name).toBe("Eldsneyti: bensínstöðvar (MCC 5541)");
  });
});
