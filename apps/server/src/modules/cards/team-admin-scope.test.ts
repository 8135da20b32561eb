import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import { addTeamMember } from "../../platform/http/testing/team-fixtures.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";
import { type CardsScene, createCardsScene, createCardsTestApp } from "./testing/cards-scene.ts";

/**
 * Issue 9, point 9, over GraphQL: the team admin of `mine` (Sala) is also a plain member of `theirs` (Þróun).
 * The administrator's Þróun card is out of his reach entirely; his own Þróun card is his as an employee's is;
 * the cards of Sala are his to run.
 */

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
let scene: CardsScene;
let ownerInTheirs: { id: string };
let hisInTheirs: { id: string };
let inMine: { id: string };
beforeAll(async () => {
  const app = await createCardsTestApp();
  t = app.t;
  gql = graphqlFor(t);
  scene = await createCardsScene(t.db, app.key);
  await addTeamMember(t.db, scene.teams.theirs, scene.teamAdmin.id, { isAdmin: false });
  ownerInTheirs = await scene.issue({ teamId: scene.teams.theirs.id, cardholderId: scene.owner.id, name: "Þróun" });
  hisInTheirs = await scene.issue({ teamId: scene.teams.theirs.id, cardholderId: scene.teamAdmin.id, name: "Mitt" });
  inMine = await scene.issue({ teamId: scene.teams.mine.id, cardholderId: scene.user.id, name: "Sala" });
});
afterAll(async () => {
  await t.close();
});

const MUTATIONS: Record<string, (id: string) => [string, Record<string, unknown>]> = {
  patch: (id) => ['mutation($id: ID!) { patch_card(id: $id, description: "Nýtt nafn") { id } }', { id }],
  "manage-limits": (id) => [
    "mutation($id: ID!) { set_card_limits(id: $id, limits: [{ period: MONTHLY, sum_amount: 5000 }]) { id } }",
    { id },
  ],
  "change-cardholder": (id) => [
    "mutation($id: ID!, $u: ID!) { change_cardholder(id: $id, user_id: $u) { id } }",
    { id, u: scene.user.id },
  ],
  "set-team": (id) => [
    "mutation($id: ID!, $team: ID) { set_card_team(id: $id, team_id: $team) { id } }",
    { id, team: scene.teams.mine.id },
  ],
  "set-default-category": (id) => [
    "mutation($id: ID!) { set_card_default_category(id: $id, category_id: null) { id } }",
    { id },
  ],
  lock: (id) => ["mutation($id: ID!) { lock_card(id: $id) { id } }", { id }],
  close: (id) => ["mutation($id: ID!) { close_card(id: $id) { id } }", { id }],
};

const CARD = "query($id: ID!) { card(id: $id) { id actions } }";

describe("a team admin in a team he only belongs to", () => {
  it("does not see the administrator's card of that team, in the list or by id", async () => {
    const list = await gql<{ cards: { nodes: { id: string }[] } }>(
      "{ cards(limit: 200) { nodes { id } } }",
      scene.teamAdmin.headers,
    );
    const ids = list.data?.cards.nodes.map((card) => card.id) ?? [];
    expect(ids).toContain(inMine.id);
    expect(ids).toContain(hisInTheirs.id);
    expect(ids).not.toContain(ownerInTheirs.id);
    expect(codeOf(await gql(CARD, scene.teamAdmin.headers, { id: ownerInTheirs.id }))).toBe("ACCESS_DENIED");
  });

  for (const [action, mutation] of Object.entries(MUTATIONS)) {
    it(`is refused ${action} on the administrator's card there, and may ${action} in the team he runs`, async () => {
      const [query, variables] = mutation(ownerInTheirs.id);
      expect(codeOf(await gql(query, scene.teamAdmin.headers, variables))).toBe("ACCESS_DENIED");
      if (action === "close") return; // Closing is final: checked on a card of its own below.
      const [allowedQuery, allowedVariables] = mutation(inMine.id);
      const body = await gql(allowedQuery, scene.teamAdmin.headers, allowedVariables);
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    });
  }

  it("may close a card of the team he runs", async () => {
    const card = await scene.issue({ teamId: scene.teams.mine.id, name: "Loka" });
    const [query, variables] = MUTATIONS.close?.(card.id) ?? ["", {}];
    expect((await gql(query, scene.teamAdmin.headers, variables)).errors).toBeUndefined();
  });

  it("has on his own card there what an employee has: none of the page's admin actions", async () => {
    const own = await gql<{ card: { actions: string[] } }>(CARD, scene.teamAdmin.headers, { id: hisInTheirs.id });
    expect(own.data?.card.actions).toEqual([]);
    for (const mutation of Object.values(MUTATIONS)) {
      const [query, variables] = mutation(hisInTheirs.id);
      expect(codeOf(await gql(query, scene.teamAdmin.headers, variables))).toBe("ACCESS_DENIED");
    }
    const sala = await gql<{ card: { actions: string[] } }>(CARD, scene.teamAdmin.headers, {
      id: (await scene.issue({ teamId: scene.teams.mine.id })).id,
    });
    expect(sala.data?.card.actions).toEqual([
      "patch",
      "manage-limits",
      "change-cardholder",
      "set-team",
      "set-default-category",
      "lock",
      "close",
    ]);
  });
});
