import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, transactions } from "../../platform/db/schema/index.ts";
import { codeOf } from "../teams/teams.fixtures.ts";
import {
  ACCEPT,
  CREATE,
  DISMISS,
  merchant,
  PROPOSALS,
  RULES,
  useCategorisationScene,
} from "./testing/categorisation-scene.ts";

/**
 * Managing rules (issue 19): who may, what input is refused with its code, editing, turning off, deleting and
 * paging, each audited.
 */

const s = useCategorisationScene();

describe("managing rules", () => {
  it("refuses employees and team admins every call, with ACCESS_DENIED", async () => {
    const calls: [string, Record<string, unknown>][] = [
      [RULES, {}],
      [PROPOSALS, {}],
      [CREATE, { kind: "MCC", pattern: "5411", category: s.ids.food }],
      [ACCEPT, { id: randomUUID() }],
      [DISMISS, { id: randomUUID() }],
      [`mutation($id: ID!) { delete_categorisation_rule(id: $id) }`, { id: randomUUID() }],
    ];
    for (const caller of [s.scene.user, s.scene.teamAdmin, s.scene.otherTeamAdmin]) {
      for (const [query, variables] of calls) {
        expect(codeOf(await s.gql(query, caller.headers, variables)), `${caller.role}: ${query}`).toBe("ACCESS_DENIED");
      }
    }
    for (const caller of [s.scene.owner, s.scene.accountant]) {
      expect((await s.gql(RULES, caller.headers)).errors).toBeUndefined();
    }
  });

  it("refuses bad input with coded errors, never a 500", async () => {
    const headers = s.scene.accountant.headers;
    const attempts: [Record<string, unknown>, string][] = [
      [{ kind: "MCC", pattern: "55", category: s.ids.food }, "VALIDATION_FAILED"],
      [{ kind: "MERCHANT", pattern: "  123 ", category: s.ids.food }, "VALIDATION_FAILED"],
      [{ kind: "MERCHANT", pattern: merchant("Ekkert") }, "VALIDATION_FAILED"],
      [{ kind: "MERCHANT", pattern: merchant("Erlendur"), category: s.ids.foreignFood }, "CATEGORY_NOT_AVAILABLE"],
      [{ kind: "MERCHANT", pattern: merchant("Skattur"), tax: randomUUID() }, "TAX_CATEGORY_NOT_AVAILABLE"],
      [
        { kind: "MERCHANT", pattern: merchant("Gildi"), category: s.ids.travel, values: [s.ids.projectA] },
        "DIMENSION_VALUE_NOT_AVAILABLE",
      ],
    ];
    for (const [variables, code] of attempts) {
      expect(codeOf(await s.gql(CREATE, headers, variables)), JSON.stringify(variables)).toBe(code);
    }
    const name = merchant("Tvisvar");
    expect(
      (await s.gql(CREATE, headers, { kind: "MERCHANT", pattern: name, category: s.ids.food })).errors,
    ).toBeUndefined();
    const again = await s.gql(CREATE, headers, {
      kind: "MERCHANT",
      pattern: `${name.toUpperCase()} 12`,
      category: s.ids.food,
    });
    expect(codeOf(again)).toBe("CATEGORISATION_RULE_EXISTS");
    expect(codeOf(await s.gql(`{ categorisation_rules(after: "nonsense") { next_cursor } }`, headers))).toBe(
      "VALIDATION_FAILED",
    );
    expect(codeOf(await s.gql(ACCEPT, headers, { id: "not-a-uuid" }))).toBe("NOT_FOUND");
  });

  it("edits and deletes a rule, audited; a deleted rule no longer applies but is still named where it did", async () => {
    const headers = s.scene.owner.headers;
    const name = merchant("Pizzan");
    const made = await s.gql<{ create_categorisation_rule: { id: string } }>(CREATE, headers, {
      kind: "MERCHANT",
      pattern: name,
      category: s.ids.food,
    });
    const id = made.data?.create_categorisation_rule.id as string;
    const update = `mutation($id: ID!, $pattern: String!) { update_categorisation_rule(id: $id, match_kind: MERCHANT,
      pattern: $pattern, name: "Pizzur", category_id: "${s.ids.travel}") { name category_id } }`;
    const edited = await s.gql<{ update_categorisation_rule: { name: string; category_id: string } }>(update, headers, {
      id,
      pattern: name,
    });
    expect(edited.data?.update_categorisation_rule).toEqual({ name: "Pizzur", category_id: s.ids.travel });
    const before = await s.settle(s.card, name);
    expect((await s.panel(before)).categorised_by_rule).toEqual({ id, name: "Pizzur" });
    const deleted = await s.gql(`mutation($id: ID!) { delete_categorisation_rule(id: $id) }`, headers, { id });
    expect(deleted.errors).toBeUndefined();
    expect((await s.panel(before)).categorised_by_rule).toEqual({ id, name: "Pizzur" });
    const after = await s.settle(s.card, name);
    expect((await s.panel(after)).categorised_by_rule).toBeNull();
    const actions = await s.t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.objectId, id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      "categorisation_rule.create",
      "categorisation_rule.delete",
      "categorisation_rule.update",
    ]);
    // Another company's owner cannot see or touch it.
    const foreign = await s.gql(
      `mutation($id: ID!) { delete_categorisation_rule(id: $id) }`,
      s.scene.foreignOwner.headers,
      {
        id,
      },
    );
    expect(codeOf(foreign)).toBe("NOT_FOUND");
  });

  it("turns a rule off and on: an inactive rule leaves the next settlement uncategorised", async () => {
    const headers = s.scene.accountant.headers;
    const name = merchant("Bakaríið");
    const made = await s.gql<{ create_categorisation_rule: { id: string } }>(CREATE, headers, {
      kind: "MERCHANT",
      pattern: name,
      category: s.ids.food,
      tax: s.ids.vat11,
      values: [s.ids.projectA],
    });
    expect(made.errors).toBeUndefined();
    const id = made.data?.create_categorisation_rule.id as string;
    const update = `mutation($id: ID!, $pattern: String!, $active: Boolean) { update_categorisation_rule(id: $id,
      match_kind: MERCHANT, pattern: $pattern, category_id: "${s.ids.food}", tax_category_id: "${s.ids.vat11}",
      dimension_value_ids: ["${s.ids.projectA}"], active: $active) { active dimension_values { id } } }`;
    const off = await s.gql<{ update_categorisation_rule: { active: boolean; dimension_values: { id: string }[] } }>(
      update,
      headers,
      { id, pattern: name, active: false },
    );
    expect(off.data?.update_categorisation_rule).toEqual({ active: false, dimension_values: [{ id: s.ids.projectA }] });
    const listed = await s.gql<{ categorisation_rules: { nodes: { id: string; active: boolean }[] } }>(RULES, headers);
    expect(listed.data?.categorisation_rules.nodes.find((rule) => rule.id === id)?.active).toBe(false);

    const whileOff = await s.settle(s.card, name);
    const [row] = await s.t.db.select().from(transactions).where(eq(transactions.id, whileOff));
    expect(row).toMatchObject({ categoryId: null, taxCategoryId: null, categorisedByRuleId: null });
    expect((await s.panel(whileOff)).dimension_values).toEqual([]);

    const on = await s.gql(update, headers, { id, pattern: name, active: true });
    expect(on.errors).toBeUndefined();
    const whileOn = await s.panel(await s.settle(s.card, name));
    expect(whileOn.categorised_by_rule?.id).toBe(id);
    expect(whileOn.transaction.category?.id).toBe(s.ids.food);
    expect(whileOn.tax_category?.id).toBe(s.ids.vat11);
    expect(whileOn.dimension_values).toEqual([{ value_id: s.ids.projectA }]);
  });

  it("pages the rules by keyset", async () => {
    const headers = s.scene.accountant.headers;
    for (let i = 0; i < 3; i++) {
      await s.gql(CREATE, headers, { kind: "MERCHANT", pattern: merchant("Síða"), category: s.ids.food });
    }
    const page = `query($after: String) { categorisation_rules(first: 2, after: $after) { nodes { id } next_cursor } }`;
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const body: {
        data?: { categorisation_rules: { nodes: { id: string }[]; next_cursor: string | null } } | null;
        errors?: unknown;
      } = await s.gql(page, headers, { after });
      expect(body.errors).toBeUndefined();
      seen.push(...(body.data?.categorisation_rules.nodes.map((n) => n.id) ?? []));
      after = body.data?.categorisation_rules.next_cursor ?? null;
    } while (after);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(3);
  });
});
