import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { auditLog, categories, teamMembers, teams } from "../../platform/db/schema/index.ts";
import { callerIn, codeOf, createTeamsScene, type GraphQLBody, graphqlFor } from "./teams.fixtures.ts";

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  t = await createTestApp();
  gql = graphqlFor(t);
});
afterAll(async () => {
  await t.close();
});

const CREATE = `mutation($name: String, $code: String, $codeName: String, $members: [ID!], $budget: Int) {
  create_team(name: $name, account_code: $code, account_code_name: $codeName, member_ids: $members, monthly_budget: $budget) {
    id name account_code account_code_name monthly_budget used_monthly_budget member_count
    category { id code title } admins { user_id full_name } members { user_id email is_admin }
    limit_control { max_monthly max_weekly max_daily } all_categories_visible visible_categories { id }
  }
}`;

type Created = {
  create_team: {
    id: string;
    name: string;
    category: { id: string; code: string; title: string };
    members: { user_id: string; is_admin: boolean }[];
    admins: { user_id: string }[];
  };
};

const issuePaths = (body: GraphQLBody<unknown>): string[] => {
  const details = body.errors?.[0]?.extensions?.details as { issues?: { path: string }[] } | undefined;
  return (details?.issues ?? []).map((issue) => issue.path);
};

const unique = (prefix: string) => `${prefix} ${crypto.randomUUID().slice(0, 8)}`;

describe("create_team", () => {
  it("creates the category, the team and its members, and writes the audit log", async () => {
    const scene = await createTeamsScene(t.db);
    const admin = await callerIn(t.db, scene.project.id, "team_admin");
    const name = unique("Markaðsdeild");
    const body = await gql<Created>(CREATE, scene.owner.headers, {
      name: `  ${name} `,
      code: "4050",
      codeName: "Markaðsmál",
      members: [scene.user.id, admin.id, scene.user.id],
      budget: 750_000,
    });
    expect(body.errors).toBeUndefined();
    const team = body.data?.create_team;
    expect(team).toMatchObject({
      name,
      account_code: "4050",
      account_code_name: "Markaðsmál",
      monthly_budget: 750_000,
      used_monthly_budget: 0,
      member_count: 2,
      category: { code: "4050", title: name },
      admins: [{ user_id: admin.id }],
      limit_control: { max_monthly: null, max_weekly: null, max_daily: null },
      all_categories_visible: true,
      visible_categories: [],
    });
    // A team admin added to a team becomes its admin; an employee is a plain member.
    expect(new Map(team?.members.map((m) => [m.user_id, m.is_admin]))).toEqual(
      new Map([
        [scene.user.id, false],
        [admin.id, true],
      ]),
    );
    const [category] = await t.db
      .select()
      .from(categories)
      .where(eq(categories.id, team?.category.id ?? ""));
    expect(category).toMatchObject({ projectId: scene.project.id, group: "Team", enabled: true, title: name });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, team?.id ?? ""));
    expect(audit).toEqual([
      expect.objectContaining({
        action: "team.create",
        objectType: "team",
        projectId: scene.project.id,
        actorUserId: scene.owner.id,
      }),
    ]);
  });

  it("lets an accountant create a team without members or budget", async () => {
    const scene = await createTeamsScene(t.db);
    const body = await gql<Created>(CREATE, scene.accountant.headers, { name: unique("Bókhald"), code: "7000" });
    expect(body.errors).toBeUndefined();
    expect(body.data?.create_team).toMatchObject({ monthly_budget: null, member_count: 0, account_code_name: null });
  });

  it.each([
    ["no name", { code: "4010" }, ["name"]],
    ["a blank name", { name: "   ", code: "4010" }, ["name"]],
    ["no account code", { name: "Sala" }, ["account_code"]],
    ["an empty account code", { name: "Sala", code: "" }, ["account_code"]],
    ["neither", {}, ["name", "account_code"]],
    ["a negative budget", { name: "Sala", code: "4010", budget: -1 }, ["monthly_budget"]],
    ["a member id that is no id", { name: "Sala", code: "4010", members: ["nope"] }, ["member_ids.0"]],
    [
      "more members than one request takes",
      { name: "Sala", code: "4010", members: Array.from({ length: 1_001 }, () => crypto.randomUUID()) },
      ["member_ids"],
    ],
  ])("refuses %s with VALIDATION_FAILED (422) and creates nothing", async (_case, variables, paths) => {
    const scene = await createTeamsScene(t.db);
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(teams);
    const body = await gql(CREATE, scene.owner.headers, variables);
    expect(codeOf(body)).toBe("VALIDATION_FAILED");
    expect(issuePaths(body)).toEqual(paths);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(teams)).toEqual(before);
  });

  it("refuses a name a live team of the company already has, whatever its case", async () => {
    const scene = await createTeamsScene(t.db);
    const name = unique("Þjónusta");
    expect((await gql(CREATE, scene.owner.headers, { name, code: "1" })).errors).toBeUndefined();
    const again = await gql(CREATE, scene.owner.headers, { name: name.toUpperCase(), code: "2" });
    expect(codeOf(again)).toBe("TEAM_NAME_TAKEN");
    // Another company may use the same name.
    expect((await gql(CREATE, scene.foreignOwner.headers, { name, code: "1" })).errors).toBeUndefined();
  });

  it("refuses a member who is not in the company and leaves nothing behind", async () => {
    const scene = await createTeamsScene(t.db);
    const name = unique("Rannsóknir");
    const body = await gql(CREATE, scene.owner.headers, {
      name,
      code: "4100",
      members: [scene.user.id, scene.foreignOwner.id],
    });
    expect(codeOf(body)).toBe("USER_NOT_IN_PROJECT");
    expect(await t.db.select().from(teams).where(eq(teams.name, name))).toEqual([]);
    expect(await t.db.select().from(categories).where(eq(categories.title, name))).toEqual([]);
  });

  it("is one transaction: a failing member insert rolls back the category and the team", async () => {
    const scene = await createTeamsScene(t.db);
    const failing = await callerIn(t.db, scene.project.id, "user");
    await t.db.execute(
      sql.raw(`create function kort_test_fail_member() returns trigger language plpgsql as $$
        begin
          if new.user_id = '${failing.id}' then raise exception 'member insert failed'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(
        "create trigger kort_test_fail_member before insert on team_members for each row execute function kort_test_fail_member()",
      ),
    );
    try {
      const name = unique("Framleiðsla");
      const body = await gql(CREATE, scene.owner.headers, {
        name,
        code: "4200",
        members: [scene.user.id, failing.id],
      });
      expect(codeOf(body)).toBe("INTERNAL");
      expect(await t.db.select().from(teams).where(eq(teams.name, name))).toEqual([]);
      expect(await t.db.select().from(categories).where(eq(categories.title, name))).toEqual([]);
      const members = await t.db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.projectId, scene.project.id), eq(teamMembers.userId, scene.user.id)));
      // Only the scene's own membership of `mine`; the new team's first member went with the rollback.
      expect(members.map((m) => m.teamId)).toEqual([scene.teams.mine.id]);
      expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "team.create"))).not.toContainEqual(
        expect.objectContaining({ data: expect.objectContaining({ name }) }),
      );
    } finally {
      await t.db.execute(sql.raw("drop trigger kort_test_fail_member on team_members"));
      await t.db.execute(sql.raw("drop function kort_test_fail_member()"));
    }
  });
});
