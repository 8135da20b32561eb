import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import { createCardsTestApp } from "../cards/testing/cards-scene.ts";
import { graphqlFor } from "../teams/teams.fixtures.ts";
import { createFundingScene, type FundingScene, REVEAL_BODY, restFor } from "./testing/funding-scene.ts";

/**
 * Issue 5's check, over HTTP end to end: a card revealed to its holder through the REST sensitive-details call is
 * charged over the network interface, and the purchase shows where the company sees it: the dashboard's card
 * detail (GraphQL `card_activity`, merchant and amount) and `card(id) { balance }` as the owner, and the card's
 * transactions over REST, read by the holder and by the owner.
 */

let t: TestApp;
let scene: FundingScene;
let rest: ReturnType<typeof restFor>;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  const app = await createCardsTestApp();
  t = app.t;
  rest = restFor(t);
  gql = graphqlFor(t);
  scene = await createFundingScene(t, app.key);
});
afterAll(() => t.close());

const network = (url: string, payload: object) =>
  t.app.inject({ method: "POST", url, payload, headers: { "x-network-key": "demo-network-key" } });

type Revealed = { pan: string; cvc: string; expiry_month: number; expiry_year: number };
type Page<T> = { nodes: T[]; total_count: number };
type Transaction = { merchant_name: string; transaction_amount: number; closed_at: string | null };

describe("a card revealed to its holder is charged, and the company sees the purchase", () => {
  it("reveals, authorizes, clears, and shows merchant and amount", async () => {
    const owner = scene.callers.owner;
    const created = await rest(owner, "POST", "/v1/funding_sources", {
      card_type: "EMPLOYEE_EXPENSE",
      cardholder_id: scene.user.id,
      description: "Ferðakort",
      team_id: scene.teams.mine.id,
      limits: [{ sum_amount: 80_000, period: "MONTHLY" }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const cardId = (created.json() as { id: string }).id;

    const revealed = await rest(scene.callers.holder, "POST", `/v1/funding_sources/${cardId}/sensitive`, REVEAL_BODY);
    expect(revealed.statusCode, revealed.body).toBe(200);
    const details = revealed.json() as Revealed;
    expect(details.pan).toMatch(/^[0-9]{16}$/);

    const authorization = await network("/v1/network/authorizations", {
      pan: details.pan,
      expiry_month: details.expiry_month,
      expiry_year: details.expiry_year,
      amount: 12_500,
      currency: "ISK",
      merchant_name: "Kaffitár Bankastræti",
      mcc: "5814",
      merchant_country: "IS",
    });
    const decision = authorization.json() as { id: string; approved: boolean; amount_isk: number };
    expect(decision).toMatchObject({ approved: true, amount_isk: 12_500 });
    const clearing = await network("/v1/network/clearings", { authorization_id: decision.id, amount: 11_900 });
    expect(clearing.statusCode, clearing.body).toBe(201);

    for (const reader of [scene.callers.holder, owner]) {
      const history = await rest(reader, "GET", `/v1/funding_sources/${cardId}/transactions`);
      expect(history.statusCode, history.body).toBe(200);
      const page = history.json() as Page<Transaction>;
      expect(page.total_count).toBe(1);
      expect(page.nodes[0]).toMatchObject({ merchant_name: "Kaffitár Bankastræti", transaction_amount: 11_900 });
    }

    const dashboard = await gql<{ card: { balance: { settled_balance: number; available_balance: number } } }>(
      "query($id: ID!) { card(id: $id) { masked_number balance { settled_balance available_balance } } }",
      owner.headers,
      { id: cardId },
    );
    expect(dashboard.errors).toBeUndefined();
    expect(dashboard.data?.card).toMatchObject({
      masked_number: details.pan.slice(-4),
      balance: { settled_balance: 11_900, available_balance: 80_000 - 11_900 },
    });

    // The card detail page of the dashboard reads the card's activity (cards module, GraphQL `card_activity`).
    const activity = await gql<{ card_activity: { transactions: { merchant: string; transaction_amount: number }[] } }>(
      "query($id: ID!) { card_activity(card_id: $id) { transactions { merchant transaction_amount } } }",
      owner.headers,
      { id: cardId },
    );
    expect(activity.errors).toBeUndefined();
    expect(activity.data?.card_activity.transactions).toEqual([
      { merchant: "Kaffitár Bankastræti", transaction_amount: 11_900 },
    ]);
    expect(JSON.stringify(t.logs)).not.toContain(details.pan);
  });
});
