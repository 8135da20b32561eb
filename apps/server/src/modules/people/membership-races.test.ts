import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import { cards, projectMembers } from "../../platform/db/schema/index.ts";
import { type CardsScene, createCardsScene, createCardsTestApp } from "../cards/testing/cards-scene.ts";
import { callerIn, codeOf, type GraphQLBody, graphqlFor } from "../teams/teams.fixtures.ts";

/**
 * Issue 9, point 2: issuing a card to someone, handing a card to them and removing them from the company take
 * turns on their membership row, so whatever the interleaving, a removed member holds no ACTIVE card afterwards;
 * and two administrators demoting each other at once never leave the company without one.
 */

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

const CREATE = "mutation($input: CreateCardInput!) { create_employee_card(input: $input) { id } }";
const CREATE_BUSINESS = CREATE.replace("create_employee_card", "create_business_card");
const REMOVE = "mutation($u: ID!) { remove_user_from_project(user_id: $u) { closed_cards reassigned_cards } }";
const CHANGE_HOLDER = "mutation($id: ID!, $u: ID!) { change_cardholder(id: $id, user_id: $u) { id } }";
const SET_ROLE = "mutation($u: ID!, $r: String!) { set_role(user_id: $u, role_name: $r) { user_id role } }";

const activeCardsOf = async (userId: string) =>
  t.db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.projectId, scene.project.id), eq(cards.cardholderId, userId), eq(cards.status, "ACTIVE")));

const newMember = () => callerIn(t.db, scene.project.id, "user", [{ team: scene.teams.mine, isAdmin: false }]);

/** Every answer is data or one of the codes a lost race may give; never a 500 or an unknown error. */
const expectCleanOutcomes = (bodies: GraphQLBody[], allowed: string[]) => {
  for (const body of bodies) {
    if (body.errors) expect(allowed, JSON.stringify(body.errors)).toContain(codeOf(body));
  }
};

describe("removing a member while cards are issued to them", () => {
  it("leaves the removed member no ACTIVE card, over several interleavings", async () => {
    for (let round = 0; round < 3; round++) {
      const member = await newMember();
      const issue = (i: number) =>
        gql(i % 3 === 0 ? CREATE_BUSINESS : CREATE, scene.owner.headers, {
          input: {
            cardholder_id: member.id,
            description: `Kapphlaup ${round}-${i}`,
            team_id: scene.teams.mine.id,
            limits: [{ sum_amount: 10_000, period: "MONTHLY" }],
          },
        });
      const requests = Array.from({ length: 20 }, (_, i) => issue(i));
      // The removal starts among the issuing, at a different place each round.
      requests.splice(5 + round * 5, 0, gql(REMOVE, scene.owner.headers, { u: member.id }));
      const bodies = await Promise.all(requests);
      expectCleanOutcomes(bodies, ["USER_NOT_IN_PROJECT", "BUSY"]);
      expect(bodies.some((body) => body.data && "remove_user_from_project" in body.data)).toBe(true);
      expect(await activeCardsOf(member.id)).toEqual([]);
      const [membership] = await t.db
        .select()
        .from(projectMembers)
        .where(and(eq(projectMembers.projectId, scene.project.id), eq(projectMembers.userId, member.id)));
      expect(membership).toBeUndefined();
    }
  });

  it("leaves the removed member no ACTIVE card when cards are handed to them during the removal", async () => {
    const member = await newMember();
    const handed = [];
    for (let i = 0; i < 12; i++) {
      handed.push(await scene.issue({ cardholderId: scene.user.id, name: `Afhent ${i}` }));
    }
    const requests = handed.map((card) => gql(CHANGE_HOLDER, scene.owner.headers, { id: card.id, u: member.id }));
    requests.splice(6, 0, gql(REMOVE, scene.owner.headers, { u: member.id }));
    const bodies = await Promise.all(requests);
    expectCleanOutcomes(bodies, ["USER_NOT_IN_PROJECT", "BUSY"]);
    expect(await activeCardsOf(member.id)).toEqual([]);
  });
});

describe("demoting administrators at once", () => {
  it("keeps at least one administrator when two demote each other", async () => {
    for (let round = 0; round < 5; round++) {
      const project = await createCardsScene(t.db, Buffer.alloc(32));
      const second = await callerIn(t.db, project.project.id, "project_owner");
      const bodies = await Promise.all([
        gql(SET_ROLE, project.owner.headers, { u: second.id, r: "accountant" }),
        gql(SET_ROLE, second.headers, { u: project.owner.id, r: "accountant" }),
      ]);
      // Whoever goes second is no longer an administrator, or would remove the last one.
      expectCleanOutcomes(bodies, ["LAST_PROJECT_OWNER", "ACCESS_DENIED", "BUSY"]);
      const owners = await t.db
        .select({ userId: projectMembers.userId })
        .from(projectMembers)
        .where(and(eq(projectMembers.projectId, project.project.id), eq(projectMembers.role, "project_owner")));
      expect(owners.length).toBeGreaterThanOrEqual(1);
    }
  });
});
