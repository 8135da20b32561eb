import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, categorisationProposals, notifications, transactions } from "../../platform/db/schema/index.ts";
import { codeOf } from "../teams/teams.fixtures.ts";
import {
  ACCEPT,
  type CategorisationScene,
  createCategorisationScene,
  DISMISS,
  merchant,
} from "./testing/categorisation-scene.ts";

/**
 * Proposals (issue 19): three like categorisations by a person propose a rule, the accountant accepts or dismisses
 * it, and an accepted rule categorises the next clearing from the card network and is named in the panel.
 */

let s: CategorisationScene;
let t: CategorisationScene["t"];
let gql: CategorisationScene["gql"];
let scene: CategorisationScene["scene"];
let card: CategorisationScene["card"];
let ids: CategorisationScene["ids"];
beforeAll(async () => {
  s = await createCategorisationScene();
  ({ t, gql, scene, card, ids } = s);
});
afterAll(() => s.t.close());
const settle: CategorisationScene["settle"] = (...args) => s.settle(...args);
const categorise: CategorisationScene["categorise"] = (...args) => s.categorise(...args);
const proposalsFor: CategorisationScene["proposalsFor"] = (...args) => s.proposalsFor(...args);
const panel: CategorisationScene["panel"] = (...args) => s.panel(...args);

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
