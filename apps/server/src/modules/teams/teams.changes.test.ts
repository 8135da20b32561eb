import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { auditLog, categories, teamMembers, teams } from "../../platform/db/schema/index.ts";
import { callerIn, codeOf, createTeamsScene, graphqlFor, type TeamsScene } from "./teams.fixtures.ts";

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  t = await createTestApp();
  gql = graphqlFor(t);
});
afterAll(async () => {
  await t.close();
});

const FIELDS = `id name account_code account_code_name monthly_budget member_count
  category { id code title } limit_control { max_monthly max_weekly max_daily }
  all_categories_visible visible_categories { id title } admins { user_id } members { user_id is_admin }`;

type TeamView = {
  id: string;
  name: string;
  account_code: string;
  account_code_name: string | null;
  monthly_budget: number | null;
  member_count: number;
  category: { id: string; code: string; title: string };
  limit_control: { max_monthly: number | null; max_weekly: number | null; max_daily: number | null };
  all_categories_visible: boolean;
  visible_categories: { id: string; title: string }[];
  admins: { user_id: string }[];
  members: { user_id: string; is_admin: boolean }[];
};

let scene: TeamsScene;
let team: TeamView;
beforeEach(async () => {
  scene = await createTeamsScene(t.db);
  const body = await gql<{ create_team: TeamView }>(
    `mutation($m: [ID!]) { create_team(name: "Sala ${crypto.randomUUID().slice(0, 6)}", account_code: "4010", account_code_name: "Söludeild", member_ids: $m, monthly_budget: 800000) { ${FIELDS} } }`,
    scene.owner.headers,
    { m: [scene.user.id] },
  );
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  team = body.data.create_team;
});

const run = async (mutation: string, variables: Record<string, unknown> = {}) => {
  const body = await gql<Record<string, TeamView>>(mutation, scene.owner.headers, { id: team.id, ...variables });
  const [value] = Object.values(body.data ?? {});
  return { code: codeOf(body), team: value };
};

const auditActions = async () =>
  (
    await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.objectId, team.id))
      .orderBy(asc(auditLog.createdAt))
  ).map((row) => row.action);

describe("set_team_budget", () => {
  const SET = `mutation($id: ID!, $b: Int) { set_team_budget(team_id: $id, budget: $b) { ${FIELDS} } }`;

  it("sets a budget, clears it with null, and refuses a negative one", async () => {
    expect((await run(SET, { b: 1_500_000 })).team?.monthly_budget).toBe(1_500_000);
    expect((await run(SET, { b: null })).team?.monthly_budget).toBeNull();
    expect((await run(SET, { b: -5 })).code).toBe("VALIDATION_FAILED");
    expect((await run(SET, { b: 0 })).team?.monthly_budget).toBe(0);
    expect(await auditActions()).toEqual(["team.create", "team.set_budget", "team.set_budget", "team.set_budget"]);
  });
});

describe("set_team_limit_control", () => {
  const SET = `mutation($id: ID!, $m: Int, $w: Int, $d: Int) {
    set_team_limit_control(team_id: $id, max_monthly: $m, max_weekly: $w, max_daily: $d) { ${FIELDS} } }`;

  it("sets and clears the team's limits", async () => {
    const set = await run(SET, { m: 1_000_000, w: 300_000, d: 50_000 });
    expect(set.team?.limit_control).toEqual({ max_monthly: 1_000_000, max_weekly: 300_000, max_daily: 50_000 });
    const cleared = await run(SET, { m: null, w: 300_000 });
    expect(cleared.team?.limit_control).toEqual({ max_monthly: null, max_weekly: 300_000, max_daily: null });
  });

  it.each<[string, Record<string, number>]>([
    ["a negative maximum", { m: -1 }],
    ["a week above the month", { m: 100, w: 200 }],
    ["a day above the week", { w: 100, d: 200 }],
    ["a day above the month", { m: 100, d: 200 }],
  ])("refuses %s", async (_case, limits) => {
    expect((await run(SET, limits)).code).toBe("VALIDATION_FAILED");
  });
});

describe("set_team_visible_categories", () => {
  const SET = `mutation($id: ID!, $all: Boolean!, $ids: [ID!]) {
    set_team_visible_categories(team_id: $id, all_categories_visible: $all, category_ids: $ids) { ${FIELDS} } }`;

  const category = async (projectId: string, title: string, group: "Default" | "Team" = "Default") => {
    const [row] = await t.db
      .insert(categories)
      .values({ projectId, title, code: `4410-${randomUUID().slice(0, 8)}`, group })
      .returning();
    if (!row) throw new Error("no category");
    return row.id;
  };

  it("chooses a list of the chart's categories, and all again clears it", async () => {
    const travel = await category(scene.project.id, "Ferðakostnaður");
    const food = await category(scene.project.id, "Veitingar");
    const chosen = await run(SET, { all: false, ids: [food, travel] });
    expect(chosen.team?.all_categories_visible).toBe(false);
    expect(chosen.team?.visible_categories.map((c) => c.title)).toEqual(["Ferðakostnaður", "Veitingar"]);
    const all = await run(SET, { all: true, ids: [food] });
    expect(all.team).toMatchObject({ all_categories_visible: true, visible_categories: [] });
  });

  it("refuses another company's category, a team category and an empty choice", async () => {
    const foreign = await category(scene.other.id, "Annað");
    expect((await run(SET, { all: false, ids: [foreign] })).code).toBe("VALIDATION_FAILED");
    expect((await run(SET, { all: false, ids: [team.category.id] })).code).toBe("VALIDATION_FAILED");
    expect((await run(SET, { all: false, ids: [] })).code).toBe("VALIDATION_FAILED");
  });
});

describe("patch_team", () => {
  const PATCH = `mutation($id: ID!, $name: String, $code: String, $codeName: String) {
    patch_team(id: $id, name: $name, account_code: $code, account_code_name: $codeName) { ${FIELDS} } }`;

  it("renames the team and its category, and changes the account code of both", async () => {
    const name = `Sala og markaður ${crypto.randomUUID().slice(0, 6)}`;
    const renamed = await run(PATCH, { name, code: "4011" });
    expect(renamed.team).toMatchObject({ name, account_code: "4011", account_code_name: "Söludeild" });
    expect(renamed.team?.category).toEqual({ id: team.category.id, code: "4011", title: name });
    const cleared = await run(PATCH, { codeName: "" });
    expect(cleared.team).toMatchObject({ name, account_code_name: null });
  });

  it("refuses an empty name and a name another team has", async () => {
    expect((await run(PATCH, { name: " " })).code).toBe("VALIDATION_FAILED");
    const [other] = await t.db.select({ name: teams.name }).from(teams).where(eq(teams.id, scene.teams.theirs.id));
    expect((await run(PATCH, { name: other?.name })).code).toBe("TEAM_NAME_TAKEN");
    // Its own name, in another case, is no conflict.
    expect((await run(PATCH, { name: team.name.toUpperCase() })).team?.name).toBe(team.name.toUpperCase());
  });
});

describe("delete_team", () => {
  it("marks the team deleted, removes its members, archives its category and frees its name", async () => {
    const { code } = await run("mutation($id: ID!) { delete_team(id: $id) }");
    expect(code).toBeUndefined();
    const [row] = await t.db.select().from(teams).where(eq(teams.id, team.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id))).toEqual([]);
    const [category] = await t.db.select().from(categories).where(eq(categories.id, team.category.id));
    expect(category).toMatchObject({ enabled: false, deletedAt: expect.any(Date) });
    const list = await gql<{ teams: { id: string }[] }>("{ teams { id } }", scene.owner.headers);
    expect(list.data?.teams.map((t) => t.id)).not.toContain(team.id);
    expect(codeOf(await gql("query($id: ID!) { team(id: $id) { id } }", scene.owner.headers, { id: team.id }))).toBe(
      "NOT_FOUND",
    );
    expect(codeOf(await gql("mutation($id: ID!) { delete_team(id: $id) }", scene.owner.headers, { id: team.id }))).toBe(
      "NOT_FOUND",
    );
    const again = await gql(
      `mutation($n: String) { create_team(name: $n, account_code: "4010") { id } }`,
      scene.owner.headers,
      { n: team.name },
    );
    expect(again.errors).toBeUndefined();
    expect(await auditActions()).toEqual(["team.create", "team.delete"]);
  });
});

describe("add_team_user and remove_team_user", () => {
  const ADD = `mutation($id: ID!, $u: ID!, $admin: Boolean) { add_team_user(team_id: $id, user_id: $u, is_admin: $admin) { ${FIELDS} } }`;
  const REMOVE = `mutation($id: ID!, $u: ID!) { remove_team_user(team_id: $id, user_id: $u) { ${FIELDS} } }`;

  it("adds members of the company, sets the admin flag, and removes them", async () => {
    const admin = await callerIn(t.db, scene.project.id, "team_admin");
    const added = await run(ADD, { u: admin.id });
    expect(added.team?.admins).toEqual([{ user_id: admin.id }]);
    expect(added.team?.member_count).toBe(2);
    const demoted = await run(ADD, { u: admin.id, admin: false });
    expect(demoted.team?.admins).toEqual([]);
    const promoted = await run(ADD, { u: scene.user.id, admin: true });
    expect(promoted.team?.admins).toEqual([{ user_id: scene.user.id }]);
    const removed = await run(REMOVE, { u: admin.id });
    expect(removed.team?.members).toEqual([{ user_id: scene.user.id, is_admin: true }]);
    expect((await run(REMOVE, { u: admin.id })).code).toBe("NOT_FOUND");
    expect(await auditActions()).toEqual([
      "team.create",
      "team.add_user",
      "team.add_user",
      "team.add_user",
      "team.remove_user",
    ]);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, team.id), eq(auditLog.action, "team.remove_user")));
    expect(rows[0]).toMatchObject({
      actorUserId: scene.owner.id,
      projectId: scene.project.id,
      data: { user_id: admin.id },
    });
  });

  it("refuses someone who is not in the company", async () => {
    expect((await run(ADD, { u: scene.foreignOwner.id })).code).toBe("USER_NOT_IN_PROJECT");
    expect((await run(ADD, { u: crypto.randomUUID() })).code).toBe("USER_NOT_IN_PROJECT");
  });
});
