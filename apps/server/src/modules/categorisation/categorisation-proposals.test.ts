import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, categorisationProposals, notifications, transactions } from "../../platform/db/schema/index.ts";
import { codeOf } from "../teams/teams.fixtures.ts";
import { ACCEPT, DISMISS, merchant, useCategorisationScene } from "./testing/categorisation-scene.ts";

/**
 * Proposals (issue 19): three like categorisations by a person propose a rule, the accountant accepts or dismisses
 * it, and an accepted rule categorises the next clearing from the card network and is named in the panel.
 */

const s = useCategorisationScene();

describe("proposals from three categorisations", () => {
  it("proposes after the third, notifies owners and accountants; accepting makes a rule the next clearing meets", async () => {
    const name = merchant("Kaffi Vest");
    const first = [
      await s.settle(s.card, `${name} 01`),
      await s.settle(s.card, name),
      await s.settle(s.card, `SQ *${name}`),
    ];
    const key = name.toLowerCase();
    await s.categorise(first[0] as string, s.ids.food, { tax: s.ids.vat11, values: [s.ids.projectA] });
    await s.categorise(first[1] as string, s.ids.food, { tax: s.ids.vat11, values: [s.ids.projectA] });
    expect(await s.proposalsFor(key)).toEqual([]);
    await s.categorise(first[2] as string, s.ids.food, { tax: s.ids.vat11, values: [s.ids.projectA] });
    const [proposal] = await s.proposalsFor(key);
    expect(proposal).toMatchObject({
      category_id: s.ids.food,
      tax_category_id: s.ids.vat11,
      transaction_count: 3,
      status: "PROPOSED",
      dimension_values: [{ id: s.ids.projectA, title: "Verkefni A" }],
    });
    // The owner and the accountant hear of it once; the employee and team admins do not.
    const notices = await s.t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        sql`${notifications.kind} = 'categorisation.rule_proposed' and ${notifications.payload} ->> 'proposal_id' = ${proposal?.id}`,
      );
    expect(notices.map((n) => n.userId).sort()).toEqual([s.scene.owner.id, s.scene.accountant.id].sort());

    const accepted = await s.gql<{ accept_categorisation_rule_proposal: Record<string, unknown> }>(
      ACCEPT,
      s.scene.accountant.headers,
      { id: proposal?.id },
    );
    expect(accepted.errors).toBeUndefined();
    const rule = accepted.data?.accept_categorisation_rule_proposal;
    expect(rule).toMatchObject({ match_kind: "MERCHANT", pattern: key, source: "ACCEPTED", category_id: s.ids.food });
    expect(await s.proposalsFor(key)).toEqual([]);

    const next = await s.settle(s.card, `${name.toUpperCase()} 77`);
    const seen = await s.panel(next);
    expect(seen.categorised_by_rule).toEqual({ id: rule?.id, name: rule?.name });
    expect(seen.transaction.category?.id).toBe(s.ids.food);
    expect(seen.tax_category?.id).toBe(s.ids.vat11);
    expect(seen.dimension_values.map((v) => v.value_id)).toEqual([s.ids.projectA]);
    const [row] = await s.t.db.select().from(transactions).where(eq(transactions.id, next));
    expect(row?.categorisedByRuleId).toBe(rule?.id);

    const audited = await s.t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.objectId} in (${proposal?.id}, ${next})`);
    expect(audited.map((a) => a.action).sort()).toEqual([
      "categorisation_proposal.accept",
      "categorisation_proposal.create",
      "transaction.categorised_by_rule",
    ]);
    // A person who sets the category afterwards takes it over: the panel no longer names the rule.
    await s.categorise(next, s.ids.travel);
    expect((await s.panel(next)).categorised_by_rule).toBeNull();
  });

  it("counts a bulk categorisation of a selection and the employee app's, like the panel's", async () => {
    const bulkName = merchant("Bensín");
    const bulkRows = [
      await s.settle(s.card, bulkName),
      await s.settle(s.card, bulkName),
      await s.settle(s.card, bulkName),
    ];
    const bulk = await s.gql(
      `mutation($ids: [ID!]!, $category: ID!) { bulk_set_transaction_category(transaction_ids: $ids, category_id: $category) { updated } }`,
      s.scene.accountant.headers,
      { ids: bulkRows, category: s.ids.travel },
    );
    expect(bulk.errors).toBeUndefined();
    expect((await s.proposalsFor(bulkName.toLowerCase())).map((p) => p.category_id)).toEqual([s.ids.travel]);

    const appName = merchant("Hádegi");
    for (let i = 0; i < 3; i++) {
      const id = await s.settle(s.card, appName);
      const patched = await s.t.app.inject({
        method: "PATCH",
        url: `/v1/funding_sources/${s.card.id}/transactions/${id}`,
        headers: { ...s.scene.user.headers, "idempotency-key": randomUUID() },
        payload: { category_id: s.ids.food },
      });
      expect(patched.statusCode, patched.body).toBe(200);
    }
    expect((await s.proposalsFor(appName.toLowerCase())).map((p) => p.category_id)).toEqual([s.ids.food]);
  });

  it("does not propose for three different categorisations, nor for another merchant", async () => {
    const name = merchant("Bakarí");
    const rows = [
      await s.settle(s.card, name),
      await s.settle(s.card, name),
      await s.settle(s.card, merchant("Annað")),
    ];
    await s.categorise(rows[0] as string, s.ids.food);
    await s.categorise(rows[1] as string, s.ids.travel);
    await s.categorise(rows[2] as string, s.ids.food);
    expect(await s.proposalsFor(name.toLowerCase())).toEqual([]);
  });

  it("never proposes again what was dismissed", async () => {
    const name = merchant("Sjoppan");
    const rows = [];
    for (let i = 0; i < 4; i++) rows.push(await s.settle(s.card, name));
    for (const row of rows.slice(0, 3)) await s.categorise(row, s.ids.food);
    const [proposal] = await s.proposalsFor(name.toLowerCase());
    expect(proposal).toBeDefined();
    expect((await s.gql(DISMISS, s.scene.accountant.headers, { id: proposal?.id })).errors).toBeUndefined();
    expect(await s.proposalsFor(name.toLowerCase())).toEqual([]);
    // A fourth the same way proposes nothing; deciding the dismissed one again is refused with its code.
    await s.categorise(rows[3] as string, s.ids.food);
    expect(await s.proposalsFor(name.toLowerCase())).toEqual([]);
    expect(codeOf(await s.gql(ACCEPT, s.scene.accountant.headers, { id: proposal?.id }))).toBe(
      "CATEGORISATION_PROPOSAL_DECIDED",
    );
    const [stored] = await s.t.db
      .select({ status: categorisationProposals.status })
      .from(categorisationProposals)
      .where(eq(categorisationProposals.id, proposal?.id as string));
    expect(stored?.status).toBe("DISMISSED");
  });
});
