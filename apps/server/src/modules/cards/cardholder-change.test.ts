import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import { cards, projectMembers } from "../../platform/db/schema/index.ts";
import { callerIn, codeOf, graphqlFor } from "../teams/teams.fixtures.ts";
import { type CardsScene, createCardsScene, createCardsTestApp } from "./testing/cards-scene.ts";

/**
 * Spec 5, limit control on a change of cardholder: handing a card on is issuing it as far as the actor's limit
 * control goes, so a team admin who may not issue cards to himself cannot take one over, and one capped at a monthly
 * limit cannot hand on a card whose limit is above it (scene cards have a 100.000 kr monthly limit).
 */

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
let scene: CardsScene;
let colleague: { id: string };
beforeAll(async () => {
  const app = await createCardsTestApp();
  t = app.t;
  gql = graphqlFor(t);
  scene = await createCardsScene(t.db, app.key);
  colleague = await callerIn(t.db, scene.project.id, "user", [{ team: scene.teams.mine, isAdmin: false }]);
});
afterAll(() => t.close());

const CHANGE = "mutation($id: ID!, $u: ID!) { change_cardholder(id: $id, user_id: $u) { id } }";

const setLimitControl = (maxMonthlyLimit: number | null, allowIssuingCardsToSelf: boolean) =>
  t.db
    .update(projectMembers)
    .set({ maxMonthlyLimit, allowIssuingCardsToSelf })
    .where(and(eq(projectMembers.projectId, scene.project.id), eq(projectMembers.userId, scene.teamAdmin.id)));

const holderOf = async (id: string) =>
  (await t.db.select({ holder: cards.cardholderId }).from(cards).where(eq(cards.id, id)))[0]?.holder;

describe("changing a card's holder", () => {
  it("refuses a team admin taking a card over when he may not issue cards to himself", async () => {
    await setLimitControl(null, false);
    const card = await scene.issue();
    const body = await gql(CHANGE, scene.teamAdmin.headers, { id: card.id, u: scene.teamAdmin.id });
    expect(codeOf(body)).toBe("LIMIT_BLOCKED_CANT_ISSUE_TO_SELF");
    expect(await holderOf(card.id)).toBe(scene.user.id);
    await setLimitControl(null, true);
    const allowed = await gql(CHANGE, scene.teamAdmin.headers, { id: card.id, u: scene.teamAdmin.id });
    expect(allowed.errors, JSON.stringify(allowed.errors)).toBeUndefined();
    expect(await holderOf(card.id)).toBe(scene.teamAdmin.id);
  });

  it("refuses handing on a card whose limit is over the team admin's maximum, and allows it within", async () => {
    await setLimitControl(50_000, true);
    const card = await scene.issue();
    expect(codeOf(await gql(CHANGE, scene.teamAdmin.headers, { id: card.id, u: colleague.id }))).toBe(
      "LIMIT_BLOCKED_OVER_MAX_LIMIT",
    );
    expect(await holderOf(card.id)).toBe(scene.user.id);
    await setLimitControl(100_000, true);
    const allowed = await gql(CHANGE, scene.teamAdmin.headers, { id: card.id, u: colleague.id });
    expect(allowed.errors, JSON.stringify(allowed.errors)).toBeUndefined();
    expect(await holderOf(card.id)).toBe(colleague.id);
  });

  it("leaves the owner, without limit control, free to hand cards on", async () => {
    const card = await scene.issue();
    const body = await gql(CHANGE, scene.owner.headers, { id: card.id, u: scene.owner.id });
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  });
});
