import type { PolicyActionOf } from "@kort/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import { codeOf, graphqlFor, SCENE_ROLES, type SceneRole } from "../teams/teams.fixtures.ts";
import { type CardsScene, createCardsScene, createCardsTestApp, policyAllowsCard } from "./testing/cards-scene.ts";

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
let scene: CardsScene;
beforeAll(async () => {
  const app = await createCardsTestApp();
  t = app.t;
  gql = graphqlFor(t);
  scene = await createCardsScene(t.db, app.key);
});
afterAll(async () => {
  await t.close();
});

type Operation = {
  action: PolicyActionOf<"card">;
  query: (s: CardsScene) => string;
  variables?: (s: CardsScene) => object;
};
const byId =
  (field: string, extra = "", declared = "") =>
  (_s: CardsScene) =>
    `mutation($id: ID!${declared}) { ${field}(id: $id${extra}) { id } }`;

/** Every card operation, as the client calls it on one card. */
const OPERATIONS: Record<string, Operation> = {
  card: { action: "read", query: () => "query($id: ID!) { card(id: $id) { id masked_number } }" },
  close_card: { action: "close", query: byId("close_card") },
  lock_card: { action: "lock", query: byId("lock_card") },
  patch_card: {
    action: "patch",
    query: byId("patch_card", ", description: $d", ", $d: String"),
    variables: () => ({ d: "Nýtt nafn" }),
  },
  set_card_limits: {
    action: "manage-limits",
    query: byId("set_card_limits", ", limits: $l", ", $l: [CardLimitInput!]!"),
    variables: () => ({ l: [{ sum_amount: 50_000, period: "WEEKLY" }] }),
  },
  change_cardholder: {
    action: "change-cardholder",
    query: byId("change_cardholder", ", user_id: $u", ", $u: ID!"),
    variables: (s) => ({ u: s.user.id }),
  },
  set_card_team: {
    action: "set-team",
    query: byId("set_card_team", ", team_id: $tm", ", $tm: ID"),
    variables: (s) => ({ tm: s.teams.mine.id }),
  },
  set_card_default_category: {
    action: "set-default-category",
    query: byId("set_card_default_category", ", category_id: $c", ", $c: ID"),
    variables: () => ({ c: null }),
  },
};

describe("card operations follow the policy for each role", () => {
  const cases = Object.entries(OPERATIONS).flatMap(([name, operation]) =>
    SCENE_ROLES.map((role: SceneRole) => ({ name, role, operation })),
  );
  it.each(cases)("$name as $role", async ({ role, operation }) => {
    const card = await scene.issue();
    const body = await gql(operation.query(scene), scene[role].headers, {
      id: card.id,
      ...(operation.variables?.(scene) ?? {}),
    });
    const allowed = policyAllowsCard(scene, role, operation.action, {
      teamId: scene.teams.mine.id,
      cardholderId: scene.user.id,
    });
    if (allowed) expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    else expect(codeOf(body)).toBe("ACCESS_DENIED");
  });

  it.each(Object.keys(OPERATIONS))("%s on another company's card is NOT_FOUND", async (name) => {
    const operation = OPERATIONS[name];
    if (!operation) throw new Error(name);
    const card = await scene.issue({
      projectId: scene.other.id,
      teamId: scene.teams.foreign.id,
      cardholderId: scene.foreignOwner.id,
    });
    const body = await gql(operation.query(scene), scene.owner.headers, {
      id: card.id,
      ...(operation.variables?.(scene) ?? {}),
    });
    expect(codeOf(body)).toBe("NOT_FOUND");
  });
});

describe("the cards list follows the policy's scope", () => {
  it("shows owners and accountants every card, team admins their teams', employees their own, never another company's", async () => {
    const mine = await scene.issue({ name: "Listi mitt" });
    const theirs = await scene.issue({
      teamId: scene.teams.theirs.id,
      cardholderId: scene.owner.id,
      name: "Listi þeirra",
    });
    const foreign = await scene.issue({
      projectId: scene.other.id,
      teamId: scene.teams.foreign.id,
      cardholderId: scene.foreignOwner.id,
    });
    const ids = async (role: SceneRole | "foreignOwner") => {
      const body = await gql<{ cards: { nodes: { id: string }[] } }>(
        "{ cards(limit: 200) { nodes { id } total_count } }",
        scene[role].headers,
      );
      return (body.data?.cards.nodes ?? []).map((node) => node.id);
    };
    for (const role of ["owner", "accountant"] as const) {
      expect(await ids(role)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    }
    expect(await ids("teamAdmin")).toContain(mine.id);
    expect(await ids("teamAdmin")).not.toContain(theirs.id);
    expect(await ids("otherTeamAdmin")).toContain(theirs.id);
    expect(await ids("otherTeamAdmin")).not.toContain(mine.id);
    expect(await ids("user")).toContain(mine.id);
    expect(await ids("user")).not.toContain(theirs.id);
    for (const role of SCENE_ROLES) expect(await ids(role)).not.toContain(foreign.id);
    expect(await ids("foreignOwner")).toContain(foreign.id);
  });
});
