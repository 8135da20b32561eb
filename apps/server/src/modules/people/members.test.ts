import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { codeOf, createTeamsScene, graphqlFor } from "../teams/teams.fixtures.ts";

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  t = await createTestApp();
  gql = graphqlFor(t);
});
afterAll(async () => {
  await t.close();
});

type Users = { users: { count: number; nodes: { user_id: string; role: string; teams: { id: string }[] }[] } };
const USERS =
  "query($s: String) { users(search: $s) { count nodes { id user_id full_name email role teams { id name } } } }";

describe("users", () => {
  it("lists every member for owners and accountants, with role and teams, never another company's", async () => {
    const scene = await createTeamsScene(t.db);
    const everyone = [scene.owner, scene.teamAdmin, scene.otherTeamAdmin, scene.accountant, scene.user];
    for (const caller of [scene.owner, scene.accountant]) {
      const body = await gql<Users>(USERS, caller.headers);
      expect(body.data?.users.count).toBe(everyone.length);
      expect(body.data?.users.nodes.map((n) => n.user_id).sort()).toEqual(everyone.map((c) => c.id).sort());
    }
    const body = await gql<Users>(USERS, scene.owner.headers);
    expect(body.data?.users.nodes.find((n) => n.user_id === scene.teamAdmin.id)).toMatchObject({
      role: "team_admin",
      teams: [{ id: scene.teams.mine.id }],
    });
  });

  it("lists a team admin the members of their teams only (user read in team scope)", async () => {
    const scene = await createTeamsScene(t.db);
    const body = await gql<Users>(USERS, scene.teamAdmin.headers);
    expect(body.data?.users.nodes.map((n) => n.user_id).sort()).toEqual([scene.teamAdmin.id, scene.user.id].sort());
  });

  it("lists an employee only themselves, and searches name and e-mail", async () => {
    const scene = await createTeamsScene(t.db);
    const own = await gql<Users>(USERS, scene.user.headers);
    expect(own.data?.users.nodes.map((n) => n.user_id)).toEqual([scene.user.id]);
    const found = await gql<Users>(USERS, scene.owner.headers, { s: "ACCOUNTANT" });
    expect(found.data?.users.nodes.map((n) => n.user_id)).toEqual([scene.accountant.id]);
  });

  it("needs a project the caller belongs to", async () => {
    const scene = await createTeamsScene(t.db);
    const body = await gql(USERS, { ...scene.owner.headers, "x-project-id": scene.other.id });
    expect(codeOf(body)).toBe("PROJECT_NOT_FOUND");
  });
});
