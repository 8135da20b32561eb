import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";
import {
  type AccountingScene,
  CATEGORY_FIELDS,
  type CategoryBody,
  createAccountingScene,
  uniqueCode,
} from "./testing/accounting-scene.ts";

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
let scene: AccountingScene;
beforeAll(async () => {
  t = await createTestApp();
  gql = graphqlFor(t);
  scene = await createAccountingScene(t);
});
afterAll(async () => {
  await t.close();
});

type Dimension = { id: string; title: string; values: { id: string; title: string; code: string | null }[] };
const DIMENSION_FIELDS = "id title values { id title code }";

const createGroup = async (title: string, values: { title: string; code?: string }[]) => {
  const body = await gql<{ create_category_group: Dimension }>(
    `mutation($t: String, $v: [DimensionValueInput!]) { create_category_group(title: $t, values: $v) { ${DIMENSION_FIELDS} } }`,
    scene.accountant.headers,
    { t: title, v: values },
  );
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data.create_category_group;
};

describe("the single category calls of spec 7", () => {
  it("create, link, unlink, patch and bulk delete", async () => {
    const department = await createGroup(` Deild ${uniqueCode()} `, [{ title: "Sala", code: "D-10" }]);
    expect(department.title).toMatch(/^Deild /);
    const code = uniqueCode("2440");
    const created = await gql<{ create_category: CategoryBody }>(
      `mutation($t: String, $c: String, $tax: ID, $g: [ID!]) {
        create_category(title: $t, code: $c, default_tax_category_id: $tax, subgroup_ids: $g) { ${CATEGORY_FIELDS} } }`,
      scene.accountant.headers,
      { t: "Annar kostnaður", c: code, tax: scene.vat24, g: [department.id] },
    );
    const category = created.data?.create_category;
    if (!category) throw new Error(JSON.stringify(created.errors));
    expect(category).toMatchObject({ code, sub_group_ids: [department.id], default_tax_category: { percentage: 24 } });

    const project = await createGroup(`Verkefni ${uniqueCode()}`, [{ title: "Vefur" }]);
    const LINK = `mutation($c: ID!, $g: ID!) { link_category_group(category_id: $c, group_id: $g) { sub_group_ids } }`;
    const linked = await gql<{ link_category_group: { sub_group_ids: string[] } }>(LINK, scene.accountant.headers, {
      c: category.id,
      g: project.id,
    });
    expect(linked.data?.link_category_group.sub_group_ids.sort()).toEqual([department.id, project.id].sort());
    const UNLINK = `mutation($c: ID!, $g: ID!) { unlink_category_group(category_id: $c, group_id: $g) { sub_group_ids } }`;
    const unlinked = await gql<{ unlink_category_group: { sub_group_ids: string[] } }>(
      UNLINK,
      scene.accountant.headers,
      { c: category.id, g: department.id },
    );
    expect(unlinked.data?.unlink_category_group.sub_group_ids).toEqual([project.id]);

    const patched = await gql<{ patch_category: CategoryBody }>(
      `mutation($id: ID!) { patch_category(id: $id, title: "Ýmis kostnaður", enabled: false,
        default_tax_category_id: null, subgroup_ids: []) { ${CATEGORY_FIELDS} } }`,
      scene.accountant.headers,
      { id: category.id },
    );
    expect(patched.data?.patch_category).toMatchObject({
      title: "Ýmis kostnaður",
      code,
      enabled: false,
      default_tax_category_id: null,
      sub_group_ids: [],
    });

    const deleted = await gql<{ bulk_delete_categories: { id: string; deleted_at: string }[] }>(
      "mutation($ids: [ID!]!) { bulk_delete_categories(ids: $ids) { id deleted_at } }",
      scene.accountant.headers,
      { ids: [category.id, category.id] },
    );
    expect(deleted.data?.bulk_delete_categories).toEqual([{ id: category.id, deleted_at: "0001-01-01T00:00:00.000Z" }]);
    const again = await gql(
      "mutation($ids: [ID!]!) { bulk_delete_categories(ids: $ids) { id } }",
      scene.owner.headers,
      {
        ids: [category.id],
      },
    );
    expect(codeOf(again)).toBe("NOT_FOUND");
    const audit = await t.db.execute<{ action: string }>(
      sql`select action from audit_log where object_id = ${category.id} order by created_at, id`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual([
      "category.create",
      "category.link",
      "category.unlink",
      "category.patch",
      "category.archive",
    ]);
  });

  it("refuses a dimension without values, and a code that breaks the rule", async () => {
    const body = await gql('mutation { create_category_group(title: "Tóm vídd") { id } }', scene.accountant.headers);
    expect(codeOf(body)).toBe("DIMENSION_WITHOUT_VALUES");
    for (const code of ["23 60", "x".repeat(21), "2360/1", ""]) {
      const created = await gql(
        'mutation($c: String) { create_category(title: "A", code: $c) { id } }',
        scene.owner.headers,
        {
          c: code,
        },
      );
      expect(codeOf(created), code).toBe("VALIDATION_FAILED");
    }
  });

  it("patches a dimension's values: renamed, added, removed; never to none", async () => {
    const group = await createGroup(`Verkefni ${uniqueCode()}`, [{ title: "Vefur 2026" }, { title: "Gamalt" }]);
    const [web, old] = group.values;
    if (!web || !old) throw new Error("two values expected");
    const PATCH = `mutation($id: ID!, $t: String, $v: [DimensionValueInput!]) {
      patch_category_group(id: $id, title: $t, values: $v) { ${DIMENSION_FIELDS} } }`;
    const patched = await gql<{ patch_category_group: Dimension }>(PATCH, scene.accountant.headers, {
      id: group.id,
      t: "Verkefni",
      v: [{ id: web.id, title: "Vefur 2027", code: "V-1" }, { title: "  Nýtt verkefni " }],
    });
    expect(patched.data?.patch_category_group.values.map((value) => [value.title, value.code])).toEqual([
      ["Nýtt verkefni", null],
      ["Vefur 2027", "V-1"],
    ]);
    expect(patched.data?.patch_category_group.values.find((value) => value.title === "Vefur 2027")?.id).toBe(web.id);
    expect(codeOf(await gql(PATCH, scene.accountant.headers, { id: group.id, v: [] }))).toBe(
      "DIMENSION_WITHOUT_VALUES",
    );
    const twice = await gql(PATCH, scene.accountant.headers, { id: group.id, v: [{ title: "A" }, { title: "a" }] });
    expect(codeOf(twice)).toBe("VALIDATION_FAILED");
  });
});

describe("tax categories", () => {
  type Tax = { id: string; code: string; peppol_code: string; percentage: number; enabled: boolean; in_use: boolean };
  const TAX_FIELDS = "id code peppol_code percentage enabled in_use deleted_at";
  const CREATE = `mutation($c: String, $p: PeppolTaxCode, $pct: Float) {
    create_tax_category(code: $c, peppol_code: $p, percentage: $pct) { ${TAX_FIELDS} } }`;
  const PATCH = `mutation($id: ID!, $pct: Float, $e: Boolean) {
    patch_tax_category(id: $id, percentage: $pct, enabled: $e) { ${TAX_FIELDS} } }`;
  const DELETE = `mutation($id: ID!) { delete_tax_category(id: $id) { ${TAX_FIELDS} } }`;

  it("are managed by owners only, with exact percentages of at most two decimals", async () => {
    const code = uniqueCode("VSK");
    const variables = { c: code, p: "S", pct: 5.5 };
    for (const role of ["accountant", "teamAdmin", "user"] as const) {
      expect(codeOf(await gql(CREATE, scene[role].headers, variables)), role).toBe("ACCESS_DENIED");
    }
    const created = await gql<{ create_tax_category: Tax }>(CREATE, scene.owner.headers, variables);
    expect(created.data?.create_tax_category).toMatchObject({ code, peppol_code: "S", percentage: 5.5, in_use: false });
    const stored = await t.db.execute<{ percentage: string }>(
      sql`select percentage from tax_categories where code = ${code}`,
    );
    expect(stored.rows).toEqual([{ percentage: "5.50" }]);
    expect(codeOf(await gql(CREATE, scene.owner.headers, variables))).toBe("TAX_CATEGORY_CODE_TAKEN");
    for (const pct of [24.125, -1, 100.5]) {
      expect(codeOf(await gql(CREATE, scene.owner.headers, { ...variables, c: uniqueCode(), pct })), String(pct)).toBe(
        "VALIDATION_FAILED",
      );
    }
    const unused = created.data?.create_tax_category;
    if (!unused) throw new Error("created expected");
    const changed = await gql<{ patch_tax_category: Tax }>(PATCH, scene.owner.headers, { id: unused.id, pct: 12.25 });
    expect(changed.data?.patch_tax_category.percentage).toBe(12.25);
    const deleted = await gql<{ delete_tax_category: { deleted_at: string } }>(DELETE, scene.owner.headers, {
      id: unused.id,
    });
    expect(deleted.data?.delete_tax_category.deleted_at).toBe("0001-01-01T00:00:00.000Z");
    const listed = await gql<{ tax_categories: Tax[] }>("{ tax_categories { code } }", scene.owner.headers);
    expect(listed.data?.tax_categories.map((tax) => tax.code)).not.toContain(code);
  });

  it("in use cannot be deleted or given another rate, only disabled", async () => {
    const code = uniqueCode("VSK");
    const created = await gql<{ create_tax_category: Tax }>(CREATE, scene.owner.headers, { c: code, p: "S", pct: 24 });
    const tax = created.data?.create_tax_category;
    if (!tax) throw new Error("created expected");
    const category = await gql(
      'mutation($c: String, $tax: ID) { create_category(title: "Með VSK", code: $c, default_tax_category_id: $tax) { id } }',
      scene.accountant.headers,
      { c: uniqueCode(), tax: tax.id },
    );
    expect(category.errors).toBeUndefined();
    expect(codeOf(await gql(DELETE, scene.owner.headers, { id: tax.id }))).toBe("TAX_CATEGORY_IN_USE");
    expect(codeOf(await gql(PATCH, scene.owner.headers, { id: tax.id, pct: 25 }))).toBe("TAX_CATEGORY_IN_USE");
    const disabled = await gql<{ patch_tax_category: Tax }>(PATCH, scene.owner.headers, { id: tax.id, e: false });
    expect(disabled.data?.patch_tax_category).toMatchObject({ enabled: false, in_use: true, percentage: 24 });
    // A disabled tax category is not offered as a new default.
    const refused = await gql(
      'mutation($c: String, $tax: ID) { create_category(title: "B", code: $c, default_tax_category_id: $tax) { id } }',
      scene.accountant.headers,
      { c: uniqueCode(), tax: tax.id },
    );
    expect(codeOf(refused)).toBe("VALIDATION_FAILED");
  });
});

describe("GET /v1/categories", () => {
  it("lists the categories the caller may read, as the GraphQL query does", async () => {
    const code = uniqueCode("REST");
    const made = await gql(
      'mutation($c: String) { create_category(title: "Rest", code: $c) { id } }',
      scene.owner.headers,
      {
        c: code,
      },
    );
    expect(made.errors).toBeUndefined();
    const response = await t.app.inject({
      method: "GET",
      url: `/v1/categories?search=${code}&limit=5`,
      headers: scene.accountant.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ count: 1, nodes: [{ code, title: "Rest", dimensions: [] }] });
    const tooMany = await t.app.inject({
      method: "GET",
      url: "/v1/categories?limit=201",
      headers: scene.owner.headers,
    });
    expect(tooMany.statusCode).toBe(422);
  });
});
