import { RECEIPT_MISSING_DAYS_DEFAULT } from "@kort/core";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { auditLog, projects } from "../../platform/db/schema/index.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";
import {
  type AccountingScene,
  APPLY,
  type Applied,
  countRows,
  createAccountingScene,
  createWithDimensions,
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

const LIST = `query($group: CategoryGroup, $s: String) {
  categories(group: $group, search: $s) { count nodes { id code title } } }`;
type Listed = { categories: { count: number; nodes: { id: string; code: string; title: string }[] } };

const issuePaths = (body: { errors?: { extensions?: { details?: unknown } }[] }) =>
  ((body.errors?.[0]?.extensions?.details as { issues?: { path: string }[] } | undefined)?.issues ?? []).map(
    (issue) => issue.path,
  );

const twoDimensions = () => [
  {
    title: `  Deild ${uniqueCode()} `,
    values: [{ title: " Sala " }, { title: "Þróun", code: "D-20" }],
  },
  { title: `Verkefni ${uniqueCode()}`, values: [{ title: "Vefur 2026" }, { title: "Markaðsherferð" }] },
];

describe("apply_category_changeset CREATE", () => {
  it("creates the category, its new dimensions and values (trimmed), and links them, in one operation", async () => {
    const code = uniqueCode("2360");
    const created = await createWithDimensions(t, scene.accountant.headers, {
      title: "  Skrifstofukostnaður ",
      code: ` ${code} `,
      tax: scene.vat24,
      dims: twoDimensions(),
    });
    expect(created).toMatchObject({
      title: "Skrifstofukostnaður",
      code,
      enabled: true,
      group: "Default",
      default_tax_category: { code: "VSK24", percentage: 24, peppol_code: "S" },
      deleted_at: null,
    });
    expect(created.dimensions).toHaveLength(2);
    expect(created.dimensions[0]?.title).toMatch(/^Deild K-/);
    expect(created.dimensions[0]?.values.map((value) => [value.title, value.code])).toEqual([
      ["Sala", null],
      ["Þróun", "D-20"],
    ]);
    expect(created.sub_group_ids).toEqual(created.dimensions.map((dimension) => dimension.id));
    expect(created.subgroup_ids).toEqual(created.sub_group_ids);
    const listed = await gql<Listed>(LIST, scene.owner.headers, { s: code });
    expect(listed.data?.categories.nodes.map((node) => node.code)).toEqual([code]);
  });

  it("leaves no category, dimension or value behind when the second dimension's title is blank", async () => {
    const before = await countRows(t.db, scene.project.id);
    const dims = twoDimensions();
    const body = await gql(APPLY, scene.accountant.headers, {
      kind: "CREATE",
      title: "Ferðakostnaður",
      code: uniqueCode(),
      dims: [dims[0], { title: "   ", values: [{ title: "Eitthvað" }] }],
    });
    expect(codeOf(body)).toBe("VALIDATION_FAILED");
    expect(issuePaths(body)).toEqual(["dimensions.1.title"]);
    expect(await countRows(t.db, scene.project.id)).toEqual(before);
  });

  it("refuses a new dimension without values after the first was made, and rolls the first back", async () => {
    const before = await countRows(t.db, scene.project.id);
    const body = await gql(APPLY, scene.accountant.headers, {
      kind: "CREATE",
      title: "Fæði og veitingar",
      code: uniqueCode(),
      dims: [twoDimensions()[0], { title: "Tómt", values: [] }],
    });
    expect(codeOf(body)).toBe("DIMENSION_WITHOUT_VALUES");
    expect(body.errors?.[0]?.extensions?.details).toEqual({ title: "Tómt" });
    expect(await countRows(t.db, scene.project.id)).toEqual(before);
  });

  it("answers a code the company has with CATEGORY_CODE_TAKEN, after making nothing", async () => {
    const code = uniqueCode();
    await createWithDimensions(t, scene.accountant.headers, { title: "Annar kostnaður", code });
    const before = await countRows(t.db, scene.project.id);
    const again = await gql(APPLY, scene.owner.headers, {
      kind: "CREATE",
      title: "Annar kostnaður 2",
      code,
      dims: twoDimensions(),
    });
    expect(codeOf(again)).toBe("CATEGORY_CODE_TAKEN");
    expect(issuePaths(again)).toEqual(["code"]);
    expect(await countRows(t.db, scene.project.id)).toEqual(before);
    // Another company may use the code.
    const elsewhere = await gql<Applied>(APPLY, scene.foreignOwner.headers, { kind: "CREATE", title: "Annað", code });
    expect(elsewhere.errors).toBeUndefined();
  });

  it("counts team categories: a team's account code is taken for the chart, and the chart's for a team", async () => {
    const code = uniqueCode("4030");
    const team = await gql(
      "mutation($n: String, $c: String) { create_team(name: $n, account_code: $c) { id } }",
      scene.owner.headers,
      { n: `Ráðgjöf ${code}`, c: code },
    );
    expect(team.errors).toBeUndefined();
    expect(codeOf(await gql(APPLY, scene.accountant.headers, { kind: "CREATE", title: "X", code }))).toBe(
      "CATEGORY_CODE_TAKEN",
    );
    const second = await gql(
      "mutation($n: String, $c: String) { create_team(name: $n, account_code: $c) { id } }",
      scene.owner.headers,
      { n: `Önnur ráðgjöf ${code}`, c: code },
    );
    expect(codeOf(second)).toBe("CATEGORY_CODE_TAKEN");
    const teamCategories = await gql<Listed>(LIST, scene.accountant.headers, { group: "Team", s: code });
    expect(teamCategories.data?.categories.nodes.map((node) => node.title)).toEqual([`Ráðgjöf ${code}`]);
  });

  it("makes exactly one category of a burst of creations with one code; the others get the coded error", async () => {
    const code = uniqueCode();
    const bodies = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        gql<Applied>(APPLY, scene.accountant.headers, {
          kind: "CREATE",
          title: `Samtímis ${index}`,
          code,
          dims: [{ title: `Vídd ${index} ${code}`, values: [{ title: "Gildi" }] }],
        }),
      ),
    );
    expect(bodies.filter((body) => body.errors === undefined)).toHaveLength(1);
    expect(bodies.filter((body) => codeOf(body) === "CATEGORY_CODE_TAKEN")).toHaveLength(7);
    const listed = await gql<Listed>(LIST, scene.owner.headers, { s: code });
    expect(listed.data?.categories.count).toBe(1);
    const dimensions = await gql<{ dimensions: { count: number } }>(
      "query($s: String) { dimensions(search: $s) { count } }",
      scene.owner.headers,
      { s: code },
    );
    expect(dimensions.data?.dimensions.count).toBe(1);
  });
});

describe("apply_category_changeset EDIT", () => {
  it("renames a value, removes a dimension and adds one, then updates the category with the whole list", async () => {
    const created = await createWithDimensions(t, scene.accountant.headers, {
      title: "Ferðir",
      code: uniqueCode(),
      tax: scene.vat24,
      dims: twoDimensions(),
    });
    const [first, second] = created.dimensions;
    if (!first || !second) throw new Error("two dimensions expected");
    const body = await gql<Applied>(APPLY, scene.accountant.headers, {
      kind: "EDIT",
      id: created.id,
      title: "Ferðakostnaður",
      tax: scene.vat11,
      dims: [
        {
          id: first.id,
          title: first.title,
          values: first.values.map((value, index) => ({
            id: value.id,
            title: index === 0 ? "Sölusvið " : value.title,
            code: value.code,
          })),
        },
        { title: "Viðskiptavinur", values: [{ title: "Landsvirkjun" }, { title: "Isavia" }] },
      ],
    });
    expect(body.errors).toBeUndefined();
    const edited = body.data?.apply_category_changeset;
    expect(edited).toMatchObject({
      title: "Ferðakostnaður",
      code: created.code,
      default_tax_category: { code: "VSK11" },
    });
    expect(edited?.dimensions.map((dimension) => dimension.title)).toEqual([first.title, "Viðskiptavinur"]);
    expect(edited?.dimensions[0]?.values.map((value) => value.title)).toEqual(["Sölusvið", "Þróun"]);
    expect(edited?.dimensions[0]?.values[0]?.id).toBe(first.values[0]?.id);
    expect(edited?.sub_group_ids).not.toContain(second.id);
    // The removed dimension is unlinked, not deleted: other categories may ask for it.
    const dimensions = await gql<{ dimensions: { nodes: { id: string }[] } }>(
      "query($s: String) { dimensions(search: $s) { nodes { id } } }",
      scene.owner.headers,
      { s: second.title },
    );
    expect(dimensions.data?.dimensions.nodes.map((node) => node.id)).toEqual([second.id]);
  });

  it("never changes the code", async () => {
    const created = await createWithDimensions(t, scene.accountant.headers, { title: "Kóði", code: uniqueCode() });
    const body = await gql(APPLY, scene.accountant.headers, { kind: "EDIT", id: created.id, code: uniqueCode() });
    expect(codeOf(body)).toBe("VALIDATION_FAILED");
    expect(issuePaths(body)).toEqual(["code"]);
  });

  it("rolls the whole edit back when a later step fails", async () => {
    const created = await createWithDimensions(t, scene.accountant.headers, {
      title: "Óbreytt",
      code: uniqueCode(),
      dims: twoDimensions(),
    });
    const [first] = created.dimensions;
    if (!first) throw new Error("a dimension expected");
    const before = await countRows(t.db, scene.project.id);
    const body = await gql(APPLY, scene.accountant.headers, {
      kind: "EDIT",
      id: created.id,
      title: "Breytt",
      dims: [
        { id: first.id, title: "Nýr titill", values: [{ title: "Nýtt gildi" }] },
        { title: "Ný vídd", values: [] },
      ],
    });
    expect(codeOf(body)).toBe("DIMENSION_WITHOUT_VALUES");
    expect(await countRows(t.db, scene.project.id)).toEqual(before);
    const again = await gql<{ category: { title: string; dimensions: { title: string }[] } }>(
      `query($id: ID!) { category(id: $id) { title dimensions { title } } }`,
      scene.accountant.headers,
      { id: created.id },
    );
    expect(again.data?.category.title).toBe("Óbreytt");
    expect(again.data?.category.dimensions.map((dimension) => dimension.title)).toEqual(
      created.dimensions.map((dimension) => dimension.title),
    );
  });
});

describe("apply_category_changeset ARCHIVE", () => {
  it("unlinks every sub-group and archives the category; lists no longer show it", async () => {
    const created = await createWithDimensions(t, scene.accountant.headers, {
      title: "Til geymslu",
      code: uniqueCode(),
      dims: twoDimensions(),
    });
    const body = await gql<Applied>(APPLY, scene.accountant.headers, { kind: "ARCHIVE", id: created.id });
    expect(body.errors).toBeUndefined();
    expect(body.data?.apply_category_changeset).toMatchObject({
      enabled: false,
      deleted_at: "0001-01-01T00:00:00.000Z",
      sub_group_ids: [],
    });
    const listed = await gql<Listed>(LIST, scene.owner.headers, { s: created.code });
    expect(listed.data?.categories.count).toBe(0);
    const one = await gql(`query($id: ID!) { category(id: $id) { id } }`, scene.owner.headers, { id: created.id });
    expect(codeOf(one)).toBe("NOT_FOUND");
    // An archived category's code is free again.
    await createWithDimensions(t, scene.accountant.headers, { title: "Aftur", code: created.code });
  });

  it("refuses a team's category: it follows its team", async () => {
    const listed = await gql<Listed>(LIST, scene.owner.headers, { group: "Team" });
    const teamCategory = listed.data?.categories.nodes[0];
    if (!teamCategory) throw new Error("a team category expected");
    expect(codeOf(await gql(APPLY, scene.owner.headers, { kind: "ARCHIVE", id: teamCategory.id }))).toBe(
      "TEAM_CATEGORY_READ_ONLY",
    );
    expect(
      codeOf(await gql(APPLY, scene.owner.headers, { kind: "EDIT", id: teamCategory.id, title: "Annað nafn" })),
    ).toBe("TEAM_CATEGORY_READ_ONLY");
  });
});

describe("the plan", () => {
  const dims = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ title: `Vídd ${index} ${uniqueCode()}`, values: [{ title: "A" }] }));
  const SET_PLAN =
    "mutation($plan: ProjectPlan!) { set_project_plan(plan: $plan) { plan max_dimensions_per_category } }";

  it("refuses a 4th dimension on the basic plan and allows it once the owner changes the plan", async () => {
    const fresh = await createAccountingScene(t);
    const settings = await gql<{ accounting_settings: { plan: string; max_dimensions_per_category: number | null } }>(
      "{ accounting_settings { plan max_dimensions_per_category can_change_plan } }",
      fresh.accountant.headers,
    );
    expect(settings.data?.accounting_settings).toEqual({
      plan: "basic",
      max_dimensions_per_category: 3,
      can_change_plan: false,
    });
    const code = uniqueCode();
    const before = await countRows(t.db, fresh.project.id);
    const four = { kind: "CREATE", title: "Margar víddir", code, dims: dims(4) };
    const refused = await gql(APPLY, fresh.accountant.headers, four);
    expect(codeOf(refused)).toBe("DIMENSION_LIMIT_REACHED");
    expect(refused.errors?.[0]?.extensions?.details).toEqual({ plan: "basic", max: 3 });
    expect(await countRows(t.db, fresh.project.id)).toEqual(before);
    const three = await createWithDimensions(t, fresh.accountant.headers, {
      title: "Þrjár",
      code: uniqueCode(),
      dims: dims(3),
    });
    const made = await gql<{ create_category_group: { id: string } }>(
      "mutation($t: String, $v: [DimensionValueInput!]) { create_category_group(title: $t, values: $v) { id } }",
      fresh.accountant.headers,
      { t: "Fjórða víddin", v: [{ title: "Gildi" }] },
    );
    const extra = made.data?.create_category_group;
    if (!extra) throw new Error(`a dimension expected: ${JSON.stringify(made.errors)}`);
    const LINK = "mutation($c: ID!, $g: ID!) { link_category_group(category_id: $c, group_id: $g) { sub_group_ids } }";
    expect(codeOf(await gql(LINK, fresh.accountant.headers, { c: three.id, g: extra.id }))).toBe(
      "DIMENSION_LIMIT_REACHED",
    );

    expect(codeOf(await gql(SET_PLAN, fresh.accountant.headers, { plan: "pro" }))).toBe("ACCESS_DENIED");
    const changed = await gql(SET_PLAN, fresh.owner.headers, { plan: "pro" });
    expect(changed.data).toEqual({ set_project_plan: { plan: "pro", max_dimensions_per_category: null } });
    expect((await gql(APPLY, fresh.accountant.headers, four)).errors).toBeUndefined();
    const linked = await gql<{ link_category_group: { sub_group_ids: string[] } }>(LINK, fresh.accountant.headers, {
      c: three.id,
      g: extra.id,
    });
    expect(linked.data?.link_category_group.sub_group_ids).toHaveLength(4);

    // Back on basic, a category above the limit keeps its dimensions and may drop some, but not add.
    await gql(SET_PLAN, fresh.owner.headers, { plan: "basic" });
    const UNLINK =
      "mutation($c: ID!, $g: ID!) { unlink_category_group(category_id: $c, group_id: $g) { sub_group_ids } }";
    const dropped = await gql<{ unlink_category_group: { sub_group_ids: string[] } }>(
      UNLINK,
      fresh.accountant.headers,
      {
        c: three.id,
        g: extra.id,
      },
    );
    expect(dropped.data?.unlink_category_group.sub_group_ids).toHaveLength(3);
  });

  it("lets owners and accountants set the days a purchase may wait for its receipt, 7 unless set", async () => {
    const fresh = await createAccountingScene(t);
    const READ = "{ accounting_settings { receipt_missing_days can_change_receipt_rule } }";
    const SET = "mutation($d: Int!) { set_receipt_missing_days(days: $d) { receipt_missing_days } }";
    const before = await gql<{ accounting_settings: unknown }>(READ, fresh.accountant.headers);
    expect(before.data?.accounting_settings).toEqual({ receipt_missing_days: 7, can_change_receipt_rule: true });
    expect(codeOf(await gql(SET, fresh.teamAdmin.headers, { d: 30 }))).toBe("ACCESS_DENIED");
    for (const days of [0, 366])
      expect(codeOf(await gql(SET, fresh.accountant.headers, { d: days }))).toBe("VALIDATION_FAILED");
    const changed = await gql(SET, fresh.accountant.headers, { d: 14 });
    expect(changed.data).toEqual({ set_receipt_missing_days: { receipt_missing_days: 14 } });
    const [project] = await t.db
      .select({ preferences: projects.preferences })
      .from(projects)
      .where(eq(projects.id, fresh.project.id));
    expect(project?.preferences).toMatchObject({ receipt_missing_days: 14 });
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.projectId, fresh.project.id), eq(auditLog.action, "project.set_receipt_missing_days")));
    expect(audited?.data).toEqual({ from: 7, to: 14 });
  });

  it("lets owners alone set the capture tolerances, general, fuel and hotel, each its default unless set", async () => {
    const fresh = await createAccountingScene(t);
    const READ = "{ accounting_settings { capture_tolerances { kind percent minimum } can_change_capture_tolerance } }";
    const SET =
      "mutation($k: CaptureToleranceKind, $p: Int!, $m: Int!) { set_capture_tolerance(kind: $k, percent: $p, minimum: $m) { capture_tolerances { kind percent minimum } } }";
    const before = await gql<{ accounting_settings: unknown }>(READ, fresh.owner.headers);
    expect(before.data?.accounting_settings).toEqual({
      capture_tolerances: [
        { kind: "general", percent: 20, minimum: 5_000 },
        { kind: "fuel", percent: 0, minimum: 1_000 },
        { kind: "hotel", percent: 25, minimum: 25_000 },
      ],
      can_change_capture_tolerance: true,
    });
    const accountant = await gql<{ accounting_settings: { can_change_capture_tolerance: boolean } }>(
      READ,
      fresh.accountant.headers,
    );
    expect(accountant.data?.accounting_settings.can_change_capture_tolerance).toBe(false);
    expect(codeOf(await gql(SET, fresh.accountant.headers, { p: 10, m: 2_000 }))).toBe("ACCESS_DENIED");
    expect(codeOf(await gql(SET, fresh.accountant.headers, { k: "fuel", p: 10, m: 2_000 }))).toBe("ACCESS_DENIED");
    for (const [p, m] of [
      [-1, 2_000],
      [1001, 2_000],
      [10, -5],
    ])
      expect(codeOf(await gql(SET, fresh.owner.headers, { k: "hotel", p, m }))).toBe("VALIDATION_FAILED");
    // No kind named is the general one, as before the kinds could be set.
    const changed = await gql(SET, fresh.owner.headers, { p: 10, m: 2_000 });
    expect(changed.data).toEqual({
      set_capture_tolerance: {
        capture_tolerances: [
          { kind: "general", percent: 10, minimum: 2_000 },
          { kind: "fuel", percent: 0, minimum: 1_000 },
          { kind: "hotel", percent: 25, minimum: 25_000 },
        ],
      },
    });
    const fuel = await gql(SET, fresh.owner.headers, { k: "fuel", p: 5, m: 3_000 });
    expect(fuel.data).toEqual({
      set_capture_tolerance: {
        capture_tolerances: [
          { kind: "general", percent: 10, minimum: 2_000 },
          { kind: "fuel", percent: 5, minimum: 3_000 },
          { kind: "hotel", percent: 25, minimum: 25_000 },
        ],
      },
    });
    const [project] = await t.db
      .select({ preferences: projects.preferences })
      .from(projects)
      .where(eq(projects.id, fresh.project.id));
    expect(project?.preferences).toMatchObject({
      capture_tolerance: { percent: 10, minimum: 2_000, fuel: { percent: 5, minimum: 3_000 } },
    });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.projectId, fresh.project.id), eq(auditLog.action, "project.set_capture_tolerance")))
      .orderBy(auditLog.createdAt);
    expect(audited.map((row) => row.data)).toEqual([
      { from: { kind: "general", percent: 20, minimum: 5_000 }, to: { kind: "general", percent: 10, minimum: 2_000 } },
      { from: { kind: "fuel", percent: 0, minimum: 1_000 }, to: { kind: "fuel", percent: 5, minimum: 3_000 } },
    ]);
  });

  it("keeps every change when owners set the three kinds at once", async () => {
    const fresh = await createAccountingScene(t);
    const SET =
      "mutation($k: CaptureToleranceKind, $p: Int!, $m: Int!) { set_capture_tolerance(kind: $k, percent: $p, minimum: $m) { plan } }";
    const kinds = ["general", "fuel", "hotel"] as const;
    const answers = await Promise.all(
      kinds.flatMap((k, i) => [1, 2, 3].map((n) => gql(SET, fresh.owner.headers, { k, p: i * 10 + n, m: n * 1_000 }))),
    );
    expect(answers.map((answer) => answer.errors)).toEqual(answers.map(() => undefined));
    const [project] = await t.db
      .select({ preferences: projects.preferences })
      .from(projects)
      .where(eq(projects.id, fresh.project.id));
    const preferences = (project?.preferences ?? {}) as { capture_tolerance?: Record<string, unknown> };
    const stored = preferences.capture_tolerance ?? {};
    // Each kind holds one of the values sent for it, and no kind's change was lost to another's.
    expect([1, 2, 3]).toContain(stored.percent);
    expect([11, 12, 13]).toContain((stored.fuel as { percent: number }).percent);
    expect([21, 22, 23]).toContain((stored.hotel as { percent: number }).percent);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.projectId, fresh.project.id), eq(auditLog.action, "project.set_capture_tolerance")));
    // Read under the company row's lock, each change starts from what the one before it left: the "from"s of a
    // kind are its default and two of the values sent, all different, and what is stored is the one "to" that no
    // change started from.
    const defaults = { general: 20, fuel: 0, hotel: 25 };
    for (const kind of kinds) {
      const chain = audited
        .map((row) => row.data as { from: { kind: string; percent: number }; to: { kind: string; percent: number } })
        .filter((row) => row.to.kind === kind);
      const froms = chain.map((row) => row.from.percent);
      expect(chain).toHaveLength(3);
      expect(new Set(froms).size).toBe(3);
      expect(froms).toContain(defaults[kind]);
      const last = chain.map((row) => row.to.percent).filter((percent) => !froms.includes(percent));
      const kept = kind === "general" ? stored.percent : (stored[kind] as { percent: number }).percent;
      expect(last).toEqual([kept]);
    }
  });

  it("audits owners' receipt rule changes made at once as one chain", async () => {
    const fresh = await createAccountingScene(t);
    const SET = "mutation($d: Int!) { set_receipt_missing_days(days: $d) { receipt_missing_days } }";
    const sent = [1, 2, 3, 4, 5, 6];
    const answers = await Promise.all(sent.map((d) => gql(SET, fresh.owner.headers, { d })));
    expect(answers.map((answer) => answer.errors)).toEqual(answers.map(() => undefined));
    const [project] = await t.db
      .select({ preferences: projects.preferences })
      .from(projects)
      .where(eq(projects.id, fresh.project.id));
    const stored = ((project?.preferences ?? {}) as { receipt_missing_days?: number }).receipt_missing_days;
    const chain = (
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.projectId, fresh.project.id), eq(auditLog.action, "project.set_receipt_missing_days")))
    ).map((row) => row.data as { from: number; to: number });
    // Each change starts from what the one before it left: the default, then five of the values sent, all different;
    // the one value no change started from is what is stored.
    const froms = chain.map((row) => row.from);
    expect(chain).toHaveLength(sent.length);
    expect(new Set(froms).size).toBe(sent.length);
    expect(froms).toContain(RECEIPT_MISSING_DAYS_DEFAULT);
    expect(chain.map((row) => row.to).filter((to) => !froms.includes(to))).toEqual([stored]);
  });
});
