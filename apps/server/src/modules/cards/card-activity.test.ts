import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import { authorizations, transactions } from "../../platform/db/schema/index.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";
import { type CardsScene, createCardsScene, createCardsTestApp } from "./testing/cards-scene.ts";

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

const ACTIVITY = `query($id: ID!) { card_activity(card_id: $id) {
  transactions { merchant transaction_amount original_amount original_currency transaction_date settled }
  declines { merchant amount decline_code created_at } } }`;
type Activity = {
  card_activity: {
    transactions: {
      merchant: string;
      transaction_amount: number;
      original_currency: string;
      transaction_date: string;
    }[];
    declines: { merchant: string; decline_code: string }[];
  };
};
const OPTIONS = `query($type: String!) { card_create_options(card_type: $type) {
  cardholders { user_id needs_team } teams { id } } }`;
type Options = {
  card_create_options: { cardholders: { user_id: string; needs_team: boolean }[]; teams: { id: string }[] };
};

const seedActivity = async (cardId: string, userId: string) => {
  const base = Date.now() - 3 * 86_400_000;
  for (const [index, merchant] of ["Bónus", "Krónan", "Amazon"].entries()) {
    await t.db.insert(transactions).values({
      projectId: scene.project.id,
      cardId,
      userId,
      description: merchant,
      merchantName: merchant,
      originalAmount: merchant === "Amazon" ? 1299 : 5000,
      originalCurrency: merchant === "Amazon" ? "USD" : "ISK",
      originalExponent: merchant === "Amazon" ? 2 : 0,
      transactionAmount: 5000 + index,
      transactionDate: new Date(base + index * 3_600_000),
      closedAt: new Date(),
    });
  }
  await t.db.insert(authorizations).values({
    projectId: scene.project.id,
    cardId,
    userId,
    amount: 999_999,
    originalAmount: 999_999,
    originalCurrency: "ISK",
    merchantName: "Elko",
    mcc: "5732",
    status: "declined",
    declineCode: "PERIOD_SUM",
  });
};

describe("card_activity", () => {
  it("lists the card's transactions newest first with the original currency, and its declines with codes", async () => {
    const card = await scene.issue();
    await seedActivity(card.id, scene.user.id);
    const body = await gql<Activity>(ACTIVITY, scene.owner.headers, { id: card.id });
    expect(body.errors).toBeUndefined();
    const activity = body.data?.card_activity;
    expect(activity?.transactions.map((row) => row.merchant)).toEqual(["Amazon", "Krónan", "Bónus"]);
    expect(activity?.transactions[0]).toMatchObject({ transaction_amount: 5002, original_currency: "USD" });
    expect(activity?.declines).toEqual([expect.objectContaining({ merchant: "Elko", decline_code: "PERIOD_SUM" })]);
  });

  it("lets the team's admin read it, hides it from another team's admin and another company", async () => {
    const card = await scene.issue();
    const mine = await gql<Activity>(ACTIVITY, scene.teamAdmin.headers, { id: card.id });
    expect(mine.errors).toBeUndefined();
    expect(codeOf(await gql(ACTIVITY, scene.otherTeamAdmin.headers, { id: card.id }))).toBe("ACCESS_DENIED");
    const foreign = await scene.issue({ projectId: scene.other.id, cardholderId: scene.foreignOwner.id, teamId: null });
    expect(codeOf(await gql(ACTIVITY, scene.owner.headers, { id: foreign.id }))).toBe("NOT_FOUND");
  });
});

describe("card_create_options", () => {
  it("offers the owner every member without a team needed, and every team", async () => {
    const body = await gql<Options>(OPTIONS, scene.owner.headers, { type: "EMPLOYEE_EXPENSE" });
    expect(body.errors).toBeUndefined();
    const options = body.data?.card_create_options;
    const holder = options?.cardholders.find((row) => row.user_id === scene.user.id);
    expect(holder?.needs_team).toBe(false);
    expect(options?.teams.map((team) => team.id).sort()).toEqual([scene.teams.mine.id, scene.teams.theirs.id].sort());
  });

  it("makes a team admin choose one of their own teams", async () => {
    const body = await gql<Options>(OPTIONS, scene.teamAdmin.headers, { type: "BUSINESS_EXPENSE" });
    const options = body.data?.card_create_options;
    expect(options?.cardholders.find((row) => row.user_id === scene.user.id)?.needs_team).toBe(true);
    expect(options?.teams.map((team) => team.id)).toEqual([scene.teams.mine.id]);
  });

  it("refuses roles that never create cards, and unknown types", async () => {
    expect(codeOf(await gql(OPTIONS, scene.accountant.headers, { type: "EMPLOYEE_EXPENSE" }))).toBe("ACCESS_DENIED");
    expect(codeOf(await gql(OPTIONS, scene.owner.headers, { type: "GOLD" }))).toBe("VALIDATION_FAILED");
  });
});

describe("Card.actions", () => {
  it("lists what the caller may do: everything for the owner, nothing for another team's admin", async () => {
    const card = await scene.issue();
    const query = `query($id: ID!) { card(id: $id) { actions } }`;
    const owner = await gql<{ card: { actions: string[] } }>(query, scene.owner.headers, { id: card.id });
    expect(owner.data?.card.actions).toEqual(expect.arrayContaining(["patch", "close", "lock", "manage-limits"]));
    const user = await gql<{ card: { actions: string[] } }>(query, scene.user.headers, { id: card.id });
    expect(user.data?.card.actions).toEqual([]);
  });
});
