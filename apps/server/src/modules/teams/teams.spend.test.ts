import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { authorizations, cards, transactions } from "../../platform/db/schema/index.ts";
import { testClock } from "../../platform/http/testing/clock.ts";
import { createTeamsScene, graphqlFor, type TeamsScene } from "./teams.fixtures.ts";

/** used_monthly_budget: settled transactions plus pending authorizations of the current billing period. */
const clock = testClock(new Date("2026-03-10T12:00:00.000Z"));
let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
let scene: TeamsScene;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  gql = graphqlFor(t);
  scene = await createTeamsScene(t.db);
});
afterAll(async () => {
  await t.close();
});

const cardOf = async (teamId: string) => {
  const [card] = await t.db
    .insert(cards)
    .values({
      projectId: scene.project.id,
      cardType: "EMPLOYEE_EXPENSE",
      teamId,
      status: "ACTIVE",
      description: "Innkaupakort",
      maskedNumber: "4242",
      panEncrypted: Buffer.from("pan"),
      cvcEncrypted: Buffer.from("cvc"),
      expirationMonth: 3,
      expirationYear: 2029,
      cardholderId: scene.user.id,
    })
    .returning({ id: cards.id });
  if (!card) throw new Error("no card");
  return card.id;
};

const settled = (cardId: string, teamId: string, amount: number, at: string, closed = true) =>
  t.db.insert(transactions).values({
    projectId: scene.project.id,
    cardId,
    userId: scene.user.id,
    teamId,
    description: "Bónus",
    merchantName: "Bónus",
    originalAmount: amount,
    originalCurrency: "ISK",
    transactionAmount: amount,
    transactionDate: new Date(at),
    closedAt: closed ? new Date(at) : null,
  });

const authorization = (
  cardId: string,
  teamId: string,
  amount: number,
  at: string,
  status: "pending" | "cleared" | "reversed" | "declined",
) =>
  t.db.insert(authorizations).values({
    projectId: scene.project.id,
    cardId,
    userId: scene.user.id,
    teamId,
    amount,
    originalAmount: amount,
    originalCurrency: "ISK",
    merchantName: "Olís",
    mcc: "5541",
    status,
    createdAt: new Date(at),
  });

const usedOf = async (teamId: string) => {
  const body = await gql<{ teams: { id: string; used_monthly_budget: number }[] }>(
    "{ teams { id used_monthly_budget } }",
    scene.owner.headers,
  );
  const one = await gql<{ team: { used_monthly_budget: number } }>(
    "query($id: ID!) { team(id: $id) { used_monthly_budget } }",
    scene.owner.headers,
    { id: teamId },
  );
  const listed = body.data?.teams.find((team) => team.id === teamId)?.used_monthly_budget;
  expect(one.data?.team.used_monthly_budget).toBe(listed);
  return listed;
};

describe("used_monthly_budget", () => {
  it("is zero for a team that has spent nothing", async () => {
    expect(await usedOf(scene.teams.theirs.id)).toBe(0);
  });

  it("counts the period from the 27th 00:00 UTC to the next 27th, settled plus pending", async () => {
    const team = scene.teams.mine.id;
    const card = await cardOf(team);
    await settled(card, team, 1_000, "2026-02-26T23:59:59.999Z"); // the previous period
    await settled(card, team, 2_000, "2026-02-27T00:00:00.000Z"); // the first instant of this one
    await settled(card, team, 3_000, "2026-03-26T23:59:59.999Z"); // its last instant
    await settled(card, team, 4_000, "2026-03-27T00:00:00.000Z"); // the next period
    await settled(card, team, -500, "2026-03-02T10:00:00.000Z"); // a refund
    await settled(card, team, 5_000, "2026-03-01T10:00:00.000Z", false); // unsettled: its authorization counts
    await authorization(card, team, 600, "2026-03-05T10:00:00.000Z", "pending");
    await authorization(card, team, 700, "2026-02-26T10:00:00.000Z", "pending");
    await authorization(card, team, 800, "2026-03-05T10:00:00.000Z", "cleared");
    await authorization(card, team, 900, "2026-03-05T10:00:00.000Z", "declined");
    await authorization(card, team, 950, "2026-03-05T10:00:00.000Z", "reversed");
    // Another team's spending is its own.
    const other = await cardOf(scene.teams.theirs.id);
    await settled(other, scene.teams.theirs.id, 10_000, "2026-03-03T10:00:00.000Z");

    expect(await usedOf(team)).toBe(2_000 + 3_000 - 500 + 600);
    expect(await usedOf(scene.teams.theirs.id)).toBe(10_000);

    clock.set(new Date("2026-03-26T23:59:59.999Z"));
    expect(await usedOf(team)).toBe(5_100);
    clock.set(new Date("2026-03-27T00:00:00.000Z"));
    expect(await usedOf(team)).toBe(4_000);
    expect(await usedOf(scene.teams.theirs.id)).toBe(0);
    clock.set(new Date("2026-02-27T00:00:00.000Z"));
    expect(await usedOf(team)).toBe(5_100);
    clock.set(new Date("2026-02-26T12:00:00.000Z"));
    expect(await usedOf(team)).toBe(1_000 + 700);
  });
});
