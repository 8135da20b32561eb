import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { codeOf, graphqlFor, SCENE_ROLES } from "../teams/teams.fixtures.ts";
import {
  type AccountingScene,
  APPLY,
  type CategoryBody,
  countRows,
  createAccountingScene,
  createWithDimensions,
  uniqueCode,
} from "./testing/accounting-scene.ts";

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
let scene: AccountingScene;
let mine: CategoryBody;
let theirs: CategoryBody;
beforeAll(async () => {
  t = await createTestApp();
  gql = graphqlFor(t);
  scene = await createAccountingScene(t);
  const dims = [{ title: `Deild ${uniqueCode()}`, values: [{ title: "Sala" }] }];
  mine = await createWithDimensions(t, scene.accountant.headers, { title: "Okkar", code: uniqueCode(), dims });
  theirs = await createWithDimensions(t, scene.foreignOwner.headers, {
    title: "Þeirra",
    code: uniqueCode(),
    dims: [{ title: `Verkefni ${uniqueCode()}`, values: [{ title: "Leyndó" }] }],
  });
});
afterAll(async () => {
  await t.close();
});

/** Every way to create or archive a category, or change what it asks for. */
const changes = () => [
  { name: "changeset CREATE", query: APPLY, variables: { kind: "CREATE", title: "Nýr", code: uniqueCode() } },
  { name: "changeset EDIT", query: APPLY, variables: { kind: "EDIT", id: mine.id, title: "Annað" } },
  { name: "changeset ARCHIVE", query: APPLY, variables: { kind: "ARCHIVE", id: mine.id } },
  {
    name: "create_category",
    query: "mutation($t: String, $c: String) { create_category(title: $t, code: $c) { id } }",
    variables: { t: "Nýr", c: uniqueCode() },
  },
  {
    name: "patch_category",
    query: "mutation($id: ID!) { patch_category(id: $id, enabled: false) { id } }",
    variables: { id: mine.id },
  },
  {
    name: "bulk_delete_categories",
    query: "mutation($ids: [ID!]!) { bulk_delete_categories(ids: $ids) { id } }",
    variables: { ids: [mine.id] },
  },
  {
    name: "create_category_group",
    query: 'mutation { create_category_group(title: "Vídd", values: [{ title: "A" }]) { id } }',
    variables: {},
  },
  {
    name: "patch_category_group",
    query: 'mutation($id: ID!) { patch_category_group(id: $id, title: "Nýtt") { id } }',
    variables: { id: mine.dimensions[0]?.id },
  },
  {
    name: "unlink_category_group",
    query: "mutation($c: ID!, $g: ID!) { unlink_category_group(category_id: $c, group_id: $g) { id } }",
    variables: { c: mine.id, g: mine.dimensions[0]?.id },
  },
];

describe("who may change the chart (category manage)", () => {
  it.each(["teamAdmin", "otherTeamAdmin", "user"] as const)(
    "refuses %s every change with ACCESS_DENIED and changes nothing",
    async (role) => {
      const before = await countRows(t.db, scene.project.id);
      for (const change of changes()) {
        const body = await gql(change.query, scene[role].headers, change.variables);
        expect(codeOf(body), `${role} ${change.name}`).toBe("ACCESS_DENIED");
      }
      expect(await countRows(t.db, scene.project.id)).toEqual(before);
      const one = await gql<{ category: { title: string; enabled: boolean } | null }>(
        "query($id: ID!) { category(id: $id) { title enabled } }",
        scene.owner.headers,
        { id: mine.id },
      );
      expect(one.data?.category).toEqual({ title: "Okkar", enabled: true });
    },
  );

  it("lets the owner and the accountant create and archive", async () => {
    for (const role of ["owner", "accountant"] as const) {
      const created = await createWithDimensions(t, scene[role].headers, { title: `Af ${role}`, code: uniqueCode() });
      const archived = await gql(APPLY, scene[role].headers, { kind: "ARCHIVE", id: created.id });
      expect(archived.errors, role).toBeUndefined();
    }
  });
});

describe("another company's chart", () => {
  it("is NOT_FOUND for every role of this company, whatever the call", async () => {
    const otherDimension = theirs.dimensions[0]?.id;
    const calls = [
      { query: "query($id: ID!) { category(id: $id) { id } }", variables: { id: theirs.id } },
      { query: APPLY, variables: { kind: "EDIT", id: theirs.id, title: "Stolið" } },
      { query: APPLY, variables: { kind: "ARCHIVE", id: theirs.id } },
      {
        query: "mutation($ids: [ID!]!) { bulk_delete_categories(ids: $ids) { id } }",
        variables: { ids: [theirs.id] },
      },
      {
        query: 'mutation($id: ID!) { patch_category(id: $id, title: "Stolið") { id } }',
        variables: { id: theirs.id },
      },
      {
        query: "mutation($c: ID!, $g: ID!) { link_category_group(category_id: $c, group_id: $g) { id } }",
        variables: { c: mine.id, g: otherDimension },
      },
      {
        query: 'mutation($id: ID!) { patch_category_group(id: $id, title: "Stolið") { id } }',
        variables: { id: otherDimension },
      },
      // Their tax category as our default.
      { query: APPLY, variables: { kind: "CREATE", title: "X", code: uniqueCode(), tax: scene.foreignVat24 } },
    ];
    for (const role of SCENE_ROLES) {
      for (const call of calls) {
        const code = codeOf(await gql(call.query, scene[role].headers, call.variables));
        // Roles that may never manage the chart are refused before anything is looked up.
        expect(["NOT_FOUND", "ACCESS_DENIED"], `${role} ${call.query.slice(0, 40)}`).toContain(code);
        if (role === "owner" || role === "accountant") expect(code).toBe("NOT_FOUND");
      }
      const listed = await gql<{ categories: { nodes: { id: string }[] }; dimensions: { nodes: { id: string }[] } }>(
        "{ categories { nodes { id } } dimensions { nodes { id } } }",
        scene[role].headers,
      );
      expect(listed.data?.categories.nodes.map((node) => node.id)).not.toContain(theirs.id);
      expect(listed.data?.dimensions.nodes.map((node) => node.id)).not.toContain(otherDimension);
    }
    const still = await gql<{ category: { title: string } }>(
      "query($id: ID!) { category(id: $id) { title } }",
      scene.foreignOwner.headers,
      { id: theirs.id },
    );
    expect(still.data?.category.title).toBe("Þeirra");
  });

  it("cannot be reached by naming the other company in X-Project-Id", async () => {
    const headers = { ...scene.accountant.headers, "x-project-id": scene.other.id };
    expect(codeOf(await gql("query($id: ID!) { category(id: $id) { id } }", headers, { id: theirs.id }))).toBe(
      "PROJECT_NOT_FOUND",
    );
    expect(codeOf(await gql(APPLY, headers, { kind: "ARCHIVE", id: theirs.id }))).toBe("PROJECT_NOT_FOUND");
  });
});

describe("reading", () => {
  it("gives team members the dimensions and tax categories, and the plan", async () => {
    for (const role of SCENE_ROLES) {
      const body = await gql<{
        dimensions: { count: number };
        tax_categories: { code: string; percentage: number }[];
        accounting_settings: { plan: string; can_change_plan: boolean };
      }>(
        "{ dimensions { count } tax_categories { code percentage } accounting_settings { plan can_change_plan } }",
        scene[role].headers,
      );
      expect(body.errors, role).toBeUndefined();
      expect(body.data?.tax_categories.map((tax) => [tax.code, tax.percentage])).toEqual([
        ["VSK24", 24],
        ["VSK11", 11],
        ["VSK0", 0],
      ]);
      expect(body.data?.accounting_settings).toEqual({ plan: "basic", can_change_plan: role === "owner" });
    }
  });
});
