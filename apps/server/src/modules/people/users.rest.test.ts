import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import { cards } from "../../platform/db/schema/index.ts";
import { type CardsScene, createCardsScene, createCardsTestApp } from "../cards/testing/cards-scene.ts";
import { restFor } from "../funding-sources/testing/funding-scene.ts";

/** Spec 7's REST calls on people: `GET /v1/users/{id}`, `POST /v1/users/search` and `GET /v1/users/recents`. */

let t: TestApp;
let scene: CardsScene;
let rest: ReturnType<typeof restFor>;
beforeAll(async () => {
  const app = await createCardsTestApp();
  t = app.t;
  rest = restFor(t);
  scene = await createCardsScene(t.db, app.key);
});
afterAll(() => t.close());

type Member = { user_id: string; full_name: string; role: string; teams: { id: string }[] };
type Members = { nodes: Member[]; total_count: number };
const search = (caller: { headers: Record<string, string> }, body: object) =>
  rest(caller, "POST", "/v1/users/search", body);
const idsOf = (response: { json: <T>() => T }) => response.json<Members>().nodes.map((node) => node.user_id);

describe("GET /v1/users/{id}", () => {
  it("shows a member with role and teams to whoever may read them, and no one of another company", async () => {
    const read = await rest(scene.owner, "GET", `/v1/users/${scene.user.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Member>()).toMatchObject({
      user_id: scene.user.id,
      role: "user",
      teams: [{ id: scene.teams.mine.id }],
    });
    expect((await rest(scene.teamAdmin, "GET", `/v1/users/${scene.user.id}`)).statusCode).toBe(200);
    expect((await rest(scene.otherTeamAdmin, "GET", `/v1/users/${scene.user.id}`)).statusCode).toBe(403);
    expect((await rest(scene.user, "GET", `/v1/users/${scene.owner.id}`)).statusCode).toBe(403);
    expect((await rest(scene.owner, "GET", `/v1/users/${scene.foreignOwner.id}`)).statusCode).toBe(404);
    expect((await rest(scene.owner, "GET", "/v1/users/nope")).statusCode).toBe(422);
  });
});

describe("POST /v1/users/search", () => {
  it("finds members by name, role and team, within what the caller may read", async () => {
    const name = (await rest(scene.owner, "GET", `/v1/users/${scene.user.id}`)).json<Member>().full_name;
    expect(idsOf(await search(scene.owner, { search: name }))).toEqual([scene.user.id]);
    expect(idsOf(await search(scene.owner, { roles: ["accountant"] }))).toEqual([scene.accountant.id]);
    const team = idsOf(await search(scene.owner, { team_ids: [scene.teams.mine.id] }));
    expect(team.sort()).toEqual([scene.teamAdmin.id, scene.user.id].sort());
    const both = await search(scene.owner, { roles: ["user", "team_admin"], team_ids: [scene.teams.theirs.id] });
    expect(idsOf(both)).toEqual([scene.otherTeamAdmin.id]);
    // An employee reads only themself, whatever they ask for; a team admin their team and themself.
    expect(idsOf(await search(scene.user, { roles: ["project_owner"] }))).toEqual([]);
    expect(idsOf(await search(scene.user, {}))).toEqual([scene.user.id]);
    const admin = idsOf(await search(scene.teamAdmin, { team_ids: [scene.teams.theirs.id] }));
    expect(admin).toEqual([]);
  });

  it("pages with a total count on every page", async () => {
    const first = await search(scene.owner, { limit: 2, page: 1 });
    const second = await search(scene.owner, { limit: 2, page: 2 });
    const total = first.json<Members>().total_count;
    expect(total).toBe(5);
    expect(second.json<Members>().total_count).toBe(total);
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(4);
  });

  it("answers 422 for unknown fields, roles no member holds, and bad ids or pages", async () => {
    const bad = [{ role: "user" }, { roles: ["platform_owner"] }, { roles: [] }, { team_ids: ["x"] }, { page: 0 }];
    for (const body of bad) expect((await search(scene.owner, body)).statusCode, JSON.stringify(body)).toBe(422);
  });
});

describe("GET /v1/users/recents", () => {
  it("lists the people the caller last issued cards to, newest first, once each", async () => {
    const empty = await rest(scene.accountant, "GET", "/v1/users/recents");
    expect(empty.json<Members>()).toEqual({ nodes: [], total_count: 0 });
    await scene.issue({ cardholderId: scene.user.id });
    const earlier = await scene.issue({ cardholderId: scene.teamAdmin.id });
    await scene.issue({ cardholderId: scene.user.id });
    // Issued in the same millisecond or not, the team admin's card is the older one.
    await t.db
      .update(cards)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(cards.id, earlier.id));
    expect(idsOf(await rest(scene.owner, "GET", "/v1/users/recents"))).toEqual([scene.user.id, scene.teamAdmin.id]);
  });
});
