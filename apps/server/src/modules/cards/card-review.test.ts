import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import { createCardSecrets } from "../../platform/crypto/card-secrets.ts";
import { clearAuthorization } from "../processor/settlement.service.ts";
import { approvedPurchase } from "../processor/testing/network-calls.ts";
import { graphqlFor } from "../teams/teams.fixtures.ts";
import { type CardsScene, createCardsScene, createCardsTestApp } from "./testing/cards-scene.ts";

let t: TestApp;
let key: Buffer;
let scene: CardsScene;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  ({ t, key } = await createCardsTestApp());
  scene = await createCardsScene(t.db, key);
  gql = graphqlFor(t);
});
afterAll(() => t.close());

type Review = {
  transaction_id: string;
  merchant: string;
  authorized_amount: number;
  cleared_amount: number;
  excess: number;
};

/** A 1.000 kr. purchase that the network clears at `cleared`: far above it, the card is locked for review. */
const overCapture = async (card: Awaited<ReturnType<CardsScene["issue"]>>, merchant: string, cleared: number) => {
  const deps = { db: t.db, secrets: createCardSecrets(key), now: () => new Date() };
  return clearAuthorization(deps, { authorizationId: await approvedPurchase(deps, card, merchant), amount: cleared });
};

const LIST = `{ cards(limit: 200) { nodes { id status review {
  transaction_id merchant authorized_amount cleared_amount excess } } } }`;

describe("a card locked for review", () => {
  it("says why on the card, in the list and alone, until its lock is no longer the review's", async () => {
    const reviewed = await scene.issue({ name: "Yfirferð" });
    const relocked = await scene.issue({ name: "Læst aftur" });
    const untouched = await scene.issue({ name: "Óhreyft" });
    const clearing = await overCapture(reviewed, "Verslun A", 60_000);
    await overCapture(relocked, "Verslun B", 80_000);
    // Unlocked after review and locked again by hand: that lock is the administrator's own, with no review to show.
    for (const mutation of ["unlock_card", "lock_card"]) {
      const changed = await gql(`mutation($id: ID!) { ${mutation}(id: $id) { id } }`, scene.owner.headers, {
        id: relocked.id,
      });
      expect(changed.errors).toBeUndefined();
    }

    const expected: Review = {
      transaction_id: clearing.transaction_id,
      merchant: "Verslun A",
      authorized_amount: 1_000,
      cleared_amount: 60_000,
      excess: 59_000,
    };
    for (const caller of [scene.owner, scene.teamAdmin, scene.accountant]) {
      const list = await gql<{ cards: { nodes: { id: string; status: string; review: Review | null }[] } }>(
        LIST,
        caller.headers,
      );
      expect(list.errors).toBeUndefined();
      const byId = new Map(list.data?.cards.nodes.map((node) => [node.id, node]));
      expect(byId.get(reviewed.id)).toEqual({ id: reviewed.id, status: "LOCKED", review: expected });
      expect(byId.get(relocked.id)).toEqual({ id: relocked.id, status: "LOCKED", review: null });
      expect(byId.get(untouched.id)).toEqual({ id: untouched.id, status: "ACTIVE", review: null });
    }
    const one = await gql<{ card: { review: Review | null } }>(
      "query($id: ID!) { card(id: $id) { review { transaction_id merchant authorized_amount cleared_amount excess } } }",
      scene.owner.headers,
      { id: reviewed.id },
    );
    expect(one.data?.card.review).toEqual(expected);

    // Unlocked, the review is over.
    await gql("mutation($id: ID!) { unlock_card(id: $id) { id } }", scene.owner.headers, { id: reviewed.id });
    const after = await gql<{ card: { review: Review | null } }>(
      "query($id: ID!) { card(id: $id) { status review { excess } } }",
      scene.owner.headers,
      { id: reviewed.id },
    );
    expect(after.data?.card).toEqual({ status: "ACTIVE", review: null });
  });
});
