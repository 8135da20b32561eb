import { randomUUID } from "node:crypto";
import { evaluatePolicy, type PolicyActionOf } from "@kort/core";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import type { Db } from "../../platform/db/client.ts";
import { categories, teamMembers, teams } from "../../platform/db/schema/index.ts";
import { countStatements } from "../../platform/db/testing/statement-count.ts";
import { addMember, createUser } from "../../platform/http/testing/fixtures.ts";
import { addTeamMember } from "../../platform/http/testing/team-fixtures.ts";
import {
  callerIn,
  codeOf,
  createTeamsScene,
  graphqlFor,
  SCENE_ROLES,
  type SceneRole,
  type TeamsScene,
} from "./teams.fixtures.ts";

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  t = await createTestApp();
  gql = graphqlFor(t);
});
afterAll(async () => {
  await t.close();
});

type Team = { id: string; projectId: string };
type Target = "mine" | "theirs" | "foreign";
const TARGETS: readonly Target[] = ["mine", "theirs", "foreign"];

/** What the policy says, asked the way the server must ask it: with the team as stored. */
const policyAllows = (scene: TeamsScene, role: SceneRole, action: PolicyActionOf<"team">, team?: Team) => {
  const caller = scene[role];
  const teamIds = {
    teamAdmin: [scene.teams.mine.id],
    user: [scene.teams.mine.id],
    otherTeamAdmin: [scene.teams.theirs.id],
  };
  return evaluatePolicy({
    role: caller.role,
    resource: "team",
    action,
    user: {
      user_id: caller.id,
      team_ids: role in teamIds ? teamIds[role as keyof typeof teamIds] : [],
      project_id: scene.project.id,
    },
    object: team ? { project_id: team.projectId, team_id: team.id } : { project_id: scene.project.id },
  }).allowed;
};

/** Everything a team mutation can change, to tell "changed" from "untouched". */
const snapshot = async (db: Db, teamId: string) => {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
  const members = await db
    .select({ userId: teamMembers.userId, isAdmin: teamMembers.isAdmin })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.userId));
  return { ...row, updatedAt: undefined, members };
};

const defaultCategory = async (db: Db, projectId: string) => {
  const [row] = await db
    .insert(categories)
    .values({ projectId, title: "Ferðakostnaður", code: `4410-${randomUUID().slice(0, 8)}` })
    .returning({ id: categories.id });
  if (!row) throw new Error("category insert returned nothing");
  return row.id;
};

/** A member of the team's project who is not in the team yet. */
const outsiderOf = async (team: Team) => {
  const user = await createUser(t.db, "Nýr Starfsmaður");
  await addMember(t.db, team.projectId, user.id, "user");
  return user.id;
};

/** A member of the team, added for the test, so removing them changes only what the test looks at. */
const memberOf = async (team: Team) => {
  const userId = await outsiderOf(team);
  await addTeamMember(t.db, team, userId);
  return userId;
};

/** One team mutation: its policy action, its document, and the variables it needs (made before the snapshot). */
type Operation = {
  name: string;
  action: PolicyActionOf<"team">;
  query: string;
  variables?: (team: Team) => Promise<Record<string, unknown>>;
};

const OPERATIONS: Operation[] = [
  {
    name: "set_team_budget",
    action: "manage",
    query: "mutation($id: ID!) { set_team_budget(team_id: $id, budget: 123456) { id } }",
  },
  {
    name: "set_team_limit_control",
    action: "set-limit-control",
    query:
      "mutation($id: ID!) { set_team_limit_control(team_id: $id, max_monthly: 900, max_weekly: 300, max_daily: 100) { id } }",
  },
  {
    name: "set_team_visible_categories",
    action: "manage",
    query:
      "mutation($id: ID!, $ids: [ID!]) { set_team_visible_categories(team_id: $id, all_categories_visible: false, category_ids: $ids) { id } }",
    variables: async (team) => ({ ids: [await defaultCategory(t.db, team.projectId)] }),
  },
  {
    name: "patch_team",
    action: "manage",
    query: "mutation($id: ID!, $name: String) { patch_team(id: $id, name: $name) { id } }",
    variables: async (team) => ({ name: `Nýtt nafn ${team.id.slice(0, 8)}` }),
  },
  { name: "delete_team", action: "manage", query: "mutation($id: ID!) { delete_team(id: $id) }" },
  {
    name: "add_team_user",
    action: "manage",
    query: "mutation($id: ID!, $u: ID!) { add_team_user(team_id: $id, user_id: $u) { id } }",
    variables: async (team) => ({ u: await outsiderOf(team) }),
  },
  {
    name: "remove_team_user",
    action: "manage",
    query: "mutation($id: ID!, $u: ID!) { remove_team_user(team_id: $id, user_id: $u) { id } }",
    variables: async (team) => ({ u: await memberOf(team) }),
  },
];

describe.each(OPERATIONS)("$name", (operation) => {
  it.each(SCENE_ROLES)("does for %s exactly what the policy allows, on every team", async (role) => {
    const scene = await createTeamsScene(t.db);
    for (const target of TARGETS) {
      const team = scene.teams[target];
      const variables = { id: team.id, ...(await operation.variables?.(team)) };
      const before = await snapshot(t.db, team.id);
      const code = codeOf(await gql(operation.query, scene[role].headers, variables));
      const after = await snapshot(t.db, team.id);
      if (policyAllows(scene, role, operation.action, team)) {
        expect({ target, code }).toEqual({ target, code: undefined });
        expect(after).not.toEqual(before);
      } else {
        // Another company's team is not even found; a team of the caller's company is refused.
        const expected = target === "foreign" ? ["NOT_FOUND", "ACCESS_DENIED"] : ["ACCESS_DENIED"];
        expect({ target, code, expected }).toEqual({ target, code: expect.toBeOneOf(expected), expected });
        expect(after).toEqual(before);
      }
    }
  });
});

describe("create_team", () => {
  it.each(SCENE_ROLES)("creates a team for %s exactly when the policy allows team manage", async (role) => {
    const scene = await createTeamsScene(t.db);
    const name = `Teymi ${role} ${Date.now()}`;
    const body = await gql(
      'mutation($n: String!) { create_team(name: $n, account_code: "5010") { id } }',
      scene[role].headers,
      {
        n: name,
      },
    );
    const created = await t.db.select({ id: teams.id }).from(teams).where(eq(teams.name, name));
    if (policyAllows(scene, role, "manage")) {
      expect(codeOf(body)).toBeUndefined();
      expect(created).toHaveLength(1);
    } else {
      expect(codeOf(body)).toBe("ACCESS_DENIED");
      expect(created).toHaveLength(0);
    }
  });

  it("is allowed to owners and accountants only, as the matrix says", async () => {
    const scene = await createTeamsScene(t.db);
    expect(SCENE_ROLES.filter((role) => policyAllows(scene, role, "manage"))).toEqual(["owner", "accountant"]);
  });
});

describe("reading teams", () => {
  const LIST = "query($mine: Boolean) { teams(mine: $mine) { id } }";
  const ONE = "query($id: ID!) { team(id: $id) { id name members { user_id } } }";

  it.each(SCENE_ROLES)("lists for %s the company's teams the policy lets them read, never another's", async (role) => {
    const scene = await createTeamsScene(t.db);
    const body = await gql<{ teams: { id: string }[] }>(LIST, scene[role].headers);
    const expected = [scene.teams.mine, scene.teams.theirs].filter((team) => policyAllows(scene, role, "read", team));
    expect(body.data?.teams.map((team) => team.id).sort()).toEqual(expected.map((team) => team.id).sort());
  });

  it.each(SCENE_ROLES)("answers team(id) for %s as the policy says", async (role) => {
    const scene = await createTeamsScene(t.db);
    for (const target of TARGETS) {
      const team = scene.teams[target];
      const body = await gql<{ team: { id: string } }>(ONE, scene[role].headers, { id: team.id });
      if (policyAllows(scene, role, "read", team)) expect(body.data?.team.id).toBe(team.id);
      else {
        expect(body.data).toBeNull();
        expect(codeOf(body)).toBe(target === "foreign" ? "NOT_FOUND" : "ACCESS_DENIED");
      }
    }
  });

  it("lists each team's own members, every team's in one statement", async () => {
    const scene = await createTeamsScene(t.db);
    const MEMBERS = "{ teams { id members { user_id is_admin } } }";
    type Listed = { teams: { id: string; members: { user_id: string; is_admin: boolean }[] }[] };
    let body: Awaited<ReturnType<typeof gql<Listed>>> | undefined;
    const withMembers = await countStatements(t.db.$client, async () => {
      body = await gql<Listed>(MEMBERS, scene.owner.headers);
    });
    const without = await countStatements(t.db.$client, () => gql(LIST, scene.owner.headers));
    expect(withMembers - without).toBe(1);
    const byTeam = new Map(body?.data?.teams.map((team) => [team.id, team.members]));
    expect(
      byTeam
        .get(scene.teams.mine.id)
        ?.map((m) => [m.user_id, m.is_admin])
        .sort(),
    ).toEqual(
      [
        [scene.teamAdmin.id, true],
        [scene.user.id, false],
      ].sort(),
    );
    expect(byTeam.get(scene.teams.theirs.id)?.map((m) => [m.user_id, m.is_admin])).toEqual([
      [scene.otherTeamAdmin.id, true],
    ]);
  });

  it("gives team admins their own teams with mine: true", async () => {
    const scene = await createTeamsScene(t.db);
    const mine = await gql<{ teams: { id: string }[] }>(LIST, scene.teamAdmin.headers, { mine: true });
    expect(mine.data?.teams.map((team) => team.id)).toEqual([scene.teams.mine.id]);
    const theirs = await gql<{ teams: { id: string }[] }>(LIST, scene.otherTeamAdmin.headers, { mine: true });
    expect(theirs.data?.teams.map((team) => team.id)).toEqual([scene.teams.theirs.id]);
  });
});

describe("another company's teams", () => {
  it("are never returned or changed, whatever X-Project-Id is sent", async () => {
    const scene = await createTeamsScene(t.db);
    const foreign = scene.teams.foreign;
    // The owner of this company is also an employee of the other company.
    await addMember(t.db, scene.other.id, scene.owner.id, "user");
    const before = await snapshot(t.db, foreign.id);
    const attempts = [
      { ...scene.owner.headers },
      { ...scene.owner.headers, "x-project-id": scene.other.id },
      { ...scene.accountant.headers, "x-project-id": scene.other.id },
    ];
    for (const headers of attempts) {
      const list = await gql<{ teams: { id: string }[] }>("{ teams { id } }", headers);
      expect(list.data?.teams.map((team) => team.id) ?? []).not.toContain(foreign.id);
      const one = await gql("query($id: ID!) { team(id: $id) { id } }", headers, { id: foreign.id });
      expect(one.data ?? null).toBeNull();
      for (const query of [
        "mutation($id: ID!) { set_team_budget(team_id: $id, budget: 1) { id } }",
        'mutation($id: ID!) { patch_team(id: $id, name: "Stolið") { id } }',
        "mutation($id: ID!) { delete_team(id: $id) }",
      ]) {
        const body = await gql(query, headers, { id: foreign.id });
        expect(["NOT_FOUND", "ACCESS_DENIED", "PROJECT_NOT_FOUND"]).toContain(codeOf(body));
      }
    }
    expect(await snapshot(t.db, foreign.id)).toEqual(before);
  });

  it("refuses an X-Project-Id the caller does not belong to with PROJECT_NOT_FOUND", async () => {
    const scene = await createTeamsScene(t.db);
    const headers = { ...scene.accountant.headers, "x-project-id": scene.other.id };
    expect(codeOf(await gql("{ teams { id } }", headers))).toBe("PROJECT_NOT_FOUND");
    const create = await gql('mutation { create_team(name: "Laumuteymi", account_code: "1") { id } }', headers);
    expect(codeOf(create)).toBe("PROJECT_NOT_FOUND");
  });

  it("cannot pull a member of another company into a team", async () => {
    const scene = await createTeamsScene(t.db);
    const body = await gql(
      "mutation($id: ID!, $u: ID!) { add_team_user(team_id: $id, user_id: $u) { id } }",
      scene.owner.headers,
      { id: scene.teams.mine.id, u: scene.foreignOwner.id },
    );
    expect(codeOf(body)).toBe("USER_NOT_IN_PROJECT");
  });
});

describe("a member of no team", () => {
  it("has nothing in a team-scoped list", async () => {
    const scene = await createTeamsScene(t.db);
    const loner = await callerIn(t.db, scene.project.id, "user");
    const body = await gql<{ teams: unknown[] }>("{ teams { id } }", loner.headers);
    expect(body.data?.teams).toEqual([]);
  });
});

describe("roles with no team privilege", () => {
  it.each(["empty_role", "platform_owner"] as const)(
    "get ACCESS_DENIED from every team operation as %s",
    async (role) => {
      const scene = await createTeamsScene(t.db);
      const caller = await callerIn(t.db, scene.project.id, role, [{ team: scene.teams.mine, isAdmin: true }]);
      const id = scene.teams.mine.id;
      const documents = [
        "{ teams { id } }",
        `{ team(id: "${id}") { id } }`,
        'mutation { create_team(name: "Nýtt", account_code: "1") { id } }',
        ...OPERATIONS.map((operation) => operation.query),
      ];
      for (const document of documents) {
        const body = await gql(document, caller.headers, { id, u: scene.user.id, ids: [], name: "X" });
        expect({ document, code: codeOf(body) }).toEqual({ document, code: "ACCESS_DENIED" });
      }
    },
  );
});
