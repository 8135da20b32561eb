import { httpStatusFor } from "@kort/core";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import { auditLog, projectMembers, users } from "../../platform/db/schema/index.ts";
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

const CREATE = `mutation($input: CreateCardInput!) { create_employee_card(input: $input) {
  id card_type status description masked_number will_close_at issuer created_by team { id } cardholder { user_id }
  limits { sum_amount single_amount usage_type period count } balance { settled_balance available_balance currency } } }`;
const CREATE_BUSINESS = CREATE.replace("create_employee_card", "create_business_card");
type Created = {
  create_employee_card: { id: string; masked_number: string; will_close_at: string | null; issuer: string | null };
};

const input = (overrides: Record<string, unknown> = {}) => ({
  cardholder_id: scene.user.id,
  description: "Auglýsingar",
  team_id: scene.teams.mine.id,
  limits: [{ sum_amount: 100_000, period: "MONTHLY" }],
  ...overrides,
});
const tomorrow = () => new Date(Date.now() + 86_400_000);

describe("creating a card", () => {
  it("issues an active card with the spec's limit entry, its close date at 23:59:59.999 UTC, audited", async () => {
    const body = await gql<Created>(CREATE, scene.owner.headers, {
      input: input({ will_close_at: tomorrow().toISOString() }),
    });
    expect(body.errors).toBeUndefined();
    const card = body.data?.create_employee_card;
    expect(card).toMatchObject({
      card_type: "EMPLOYEE_EXPENSE",
      status: "ACTIVE",
      limits: [{ sum_amount: 100_000, single_amount: 100_000, usage_type: "ALL", period: "MONTHLY", count: 1000 }],
      balance: { settled_balance: 0, available_balance: 100_000, currency: "ISK" },
    });
    expect(card?.masked_number).toMatch(/^[0-9]{4}$/);
    // The issuer is the person who issued it, by name (spec 3), not the cardholder.
    const [issuer] = await t.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, scene.owner.id));
    expect(card).toMatchObject({ created_by: scene.owner.id, issuer: issuer?.fullName });
    expect(card?.will_close_at).toMatch(/T23:59:59\.999Z$/);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, card?.id ?? ""), eq(auditLog.action, "card.create")));
    expect(audits).toHaveLength(1);
  });

  it("refuses a name over 30, a past close date and a close date on a business card (422)", async () => {
    const long = await gql(CREATE, scene.owner.headers, { input: input({ description: "x".repeat(31) }) });
    expect(codeOf(long)).toBe("VALIDATION_FAILED");
    expect(httpStatusFor("VALIDATION_FAILED")).toBe(422);
    const past = await gql(CREATE, scene.owner.headers, {
      input: input({ will_close_at: new Date(Date.now() - 2 * 86_400_000).toISOString() }),
    });
    expect(codeOf(past)).toBe("VALIDATION_FAILED");
    const business = await gql(CREATE_BUSINESS, scene.owner.headers, {
      input: input({ will_close_at: tomorrow().toISOString() }),
    });
    expect(codeOf(business)).toBe("VALIDATION_FAILED");
  });

  it("blocks a team admin over their maximum, and without a team with same_team missing", async () => {
    await t.db
      .update(projectMembers)
      .set({ maxMonthlyLimit: 50_000 })
      .where(eq(projectMembers.userId, scene.teamAdmin.id));
    const over = await gql(CREATE, scene.teamAdmin.headers, {
      input: input({ limits: [{ sum_amount: 60_000, period: "MONTHLY" }] }),
    });
    expect(codeOf(over)).toBe("LIMIT_BLOCKED_OVER_MAX_LIMIT");
    const check = await gql<{ card_check_limits: { blocked: string[] } }>(
      "query($i: CardCheckLimitsInput!) { card_check_limits(input: $i) { blocked warnings } }",
      scene.teamAdmin.headers,
      {
        i: {
          team_id: scene.teams.mine.id,
          cardholder_id: scene.user.id,
          limits: [{ sum_amount: 60_000, period: "MONTHLY" }],
        },
      },
    );
    expect(check.data?.card_check_limits.blocked).toEqual(["LIMIT_BLOCKED_OVER_MAX_LIMIT"]);
    const noTeam = await gql(CREATE, scene.teamAdmin.headers, { input: input({ team_id: null }) });
    expect(codeOf(noTeam)).toBe("ACCESS_DENIED");
    expect(noTeam.errors?.[0]?.extensions?.details).toMatchObject({ missing: ["same_team"] });
    const ok = await gql(CREATE, scene.teamAdmin.headers, {
      input: input({ limits: [{ sum_amount: 50_000, period: "DAILY" }] }),
    });
    expect(ok.errors).toBeUndefined();
  });

  it("refuses a cardholder from another company", async () => {
    const body = await gql(CREATE, scene.owner.headers, { input: input({ cardholder_id: scene.foreignOwner.id }) });
    expect(codeOf(body)).toBe("USER_NOT_IN_PROJECT");
  });

  it("refuses another company's cardholder and team in the limit check too", async () => {
    const check = (i: Record<string, unknown>) =>
      gql("query($i: CardCheckLimitsInput!) { card_check_limits(input: $i) { blocked } }", scene.owner.headers, {
        i: { limits: [{ sum_amount: 1_000, period: "MONTHLY" }], ...i },
      });
    expect(codeOf(await check({ cardholder_id: scene.foreignOwner.id }))).toBe("USER_NOT_IN_PROJECT");
    expect(codeOf(await check({ cardholder_id: scene.user.id, team_id: scene.teams.foreign.id }))).toBe("NOT_FOUND");
    const own = await check({ cardholder_id: scene.user.id, team_id: scene.teams.mine.id });
    expect(own.errors).toBeUndefined();
  });
});

describe("a card's balance", () => {
  const balance = async (id: string) =>
    (
      await gql<{ card: { balance: { available_balance: number } } }>(
        "query($id: ID!) { card(id: $id) { balance { available_balance } } }",
        scene.owner.headers,
        { id },
      )
    ).data?.card.balance.available_balance;

  it("has nothing available while the card is locked, and after it is closed", async () => {
    const card = await scene.issue();
    expect(await balance(card.id)).toBe(100_000);
    await gql("mutation($id: ID!) { lock_card(id: $id) { id } }", scene.owner.headers, { id: card.id });
    expect(await balance(card.id)).toBe(0);
    await gql("mutation($id: ID!) { unlock_card(id: $id) { id } }", scene.owner.headers, { id: card.id });
    expect(await balance(card.id)).toBe(100_000);
    await gql("mutation($id: ID!) { close_card(id: $id) { id } }", scene.owner.headers, { id: card.id });
    expect(await balance(card.id)).toBe(0);
  });
});

describe("changing a card", () => {
  const run = (query: string, id: string, variables: Record<string, unknown> = {}) =>
    gql<Record<string, { status: string; description: string }>>(query, scene.owner.headers, { id, ...variables });

  it("locks and unlocks, and closing is final", async () => {
    const card = await scene.issue();
    expect((await run("mutation($id: ID!) { lock_card(id: $id) { status } }", card.id)).data?.lock_card?.status).toBe(
      "LOCKED",
    );
    expect(codeOf(await run("mutation($id: ID!) { lock_card(id: $id) { status } }", card.id))).toBe("CONFLICT");
    expect(
      (await run("mutation($id: ID!) { unlock_card(id: $id) { status } }", card.id)).data?.unlock_card?.status,
    ).toBe("ACTIVE");
    const closed = await run("mutation($id: ID!) { close_card(id: $id) { status closed_at } }", card.id);
    expect(closed.data?.close_card?.status).toBe("CLOSED");
    for (const query of [
      "mutation($id: ID!) { close_card(id: $id) { status } }",
      "mutation($id: ID!) { unlock_card(id: $id) { status } }",
      'mutation($id: ID!) { patch_card(id: $id, description: "Aftur") { status } }',
    ]) {
      expect(codeOf(await run(query, card.id))).toBe("CARD_CLOSED");
    }
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.objectId, card.id));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(["card.lock", "card.unlock", "card.close"]),
    );
  });

  it("renames, sets limits within the check, and keeps a team admin to their own team", async () => {
    const card = await scene.issue();
    const renamed = await run(
      'mutation($id: ID!) { patch_card(id: $id, description: "Ferðir") { description } }',
      card.id,
    );
    expect(renamed.data?.patch_card?.description).toBe("Ferðir");
    const tooHigh = await run(
      "mutation($id: ID!, $l: [CardLimitInput!]!) { set_card_limits(id: $id, limits: $l) { id } }",
      card.id,
      { l: [{ sum_amount: 20_000_000, period: "MONTHLY" }] },
    );
    expect(codeOf(tooHigh)).toBe("CARD_LIMIT_TOO_HIGH");
    const moved = await gql(
      "mutation($id: ID!, $tm: ID) { set_card_team(id: $id, team_id: $tm) { id } }",
      scene.teamAdmin.headers,
      {
        id: card.id,
        tm: scene.teams.theirs.id,
      },
    );
    expect(codeOf(moved)).toBe("ACCESS_DENIED");
  });
});

describe("reading cards and the balance", () => {
  it("filters by status, name, type and team, pages, and counts active cards per type", async () => {
    const name = `Leit ${Date.now()}`;
    const first = await scene.issue({ name, cardType: "BUSINESS_EXPENSE" });
    await scene.issue({ name, teamId: scene.teams.theirs.id });
    const list = (filter: Record<string, unknown>, limit = 200) =>
      gql<{ cards: { nodes: { id: string }[]; total_count: number } }>(
        "query($f: CardsFilter, $l: Int) { cards(filter: $f, limit: $l) { nodes { id } total_count } }",
        scene.owner.headers,
        { f: filter, l: limit },
      );
    expect((await list({ description: name.toLowerCase() })).data?.cards.total_count).toBe(2);
    const page = (await list({ description: name }, 1)).data?.cards;
    expect(page?.nodes).toHaveLength(1);
    expect(page?.total_count).toBe(2);
    const business = await list({ description: name, card_type: "BUSINESS_EXPENSE", team_id: scene.teams.mine.id });
    expect(business.data?.cards.nodes.map((node) => node.id)).toEqual([first.id]);
    expect((await list({ description: name, status: "CLOSED" })).data?.cards.total_count).toBe(0);
    expect(codeOf(await list({}, 201))).toBe("VALIDATION_FAILED");
    const counts = await gql<{ active_card_counts: { card_type: string; count: number }[] }>(
      "{ active_card_counts { card_type count } }",
      scene.owner.headers,
    );
    expect(counts.data?.active_card_counts.map((row) => row.card_type)).toEqual([
      "BUSINESS_EXPENSE",
      "EMPLOYEE_EXPENSE",
    ]);
  });

  it("answers the account balance in GraphQL and REST, refusing employees", async () => {
    const body = await gql<{ account_balance: Record<string, unknown> }>(
      "{ account_balance { credit_limit used reserved available currency } }",
      scene.owner.headers,
    );
    expect(body.data?.account_balance).toMatchObject({ credit_limit: "10000000", currency: "ISK" });
    const rest = await t.app.inject({
      method: "GET",
      url: "/v1/funding_sources/balance",
      headers: scene.accountant.headers,
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ credit_limit: "10000000" });
    const denied = await t.app.inject({
      method: "GET",
      url: "/v1/funding_sources/balance",
      headers: scene.user.headers,
    });
    expect(denied.statusCode).toBe(403);
  });
});
