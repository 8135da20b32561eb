import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { encodeCursor } from "../../platform/db/keyset-cursor.ts";
import { outbox, teams, users } from "../../platform/db/schema/index.ts";
import { microsecondsApart, walkPages } from "../../platform/db/testing/keyset-pages.ts";
import { createToken } from "../../platform/http/testing/fixtures.ts";
import { notify } from "../../platform/notifications/notify.ts";
import { type NetworkCard, requestAuthorization } from "../processor/testing/network-calls.ts";
import { createProcessorScene, testCardKey } from "../processor/testing/processor-scene.ts";
import { callerIn, codeOf, graphqlFor } from "../teams/teams.fixtures.ts";
import { sendDueBudgetAlerts, TEAM_BUDGET_ALERT_KIND } from "./budget-alerts.service.ts";

/**
 * Notifications (issue 16): a person reads their own notices by cursor with the unread count, marks them read;
 * team budget alerts at 80% and 100% of the monthly budget go to the team's admins and the owners once per period.
 */

const key = testCardKey();
const NETWORK_KEY = "test-network-key-0123456789";
let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  t = await createTestApp({ env: { KORT_CARD_KEY: key.toString("base64"), KORT_NETWORK_KEY: NETWORK_KEY } });
  gql = graphqlFor(t);
});
afterAll(() => t.close());

const authorize = async (card: NetworkCard, amount: number) => {
  const response = await requestAuthorization(t.app, NETWORK_KEY, card, {
    amount,
    merchant_name: "Olís Álfheimum",
    mcc: "5542",
  });
  expect(response.json()).toMatchObject({ approved: true });
};

type Page = {
  nodes: { id: string; kind: string; payload: Record<string, unknown>; read_at: string | null }[];
  next_cursor: string | null;
  unread_count: number;
};
const LIST = `query ($first: Int, $after: String) {
  notifications(first: $first, after: $after) { nodes { id kind payload read_at } next_cursor unread_count }
}`;
const listOf = async (headers: Record<string, string>, variables: Record<string, unknown> = {}) => {
  const body = await gql<{ notifications: Page }>(LIST, headers, variables);
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data.notifications;
};

/** A company whose team has a budget of 100.000 kr., its admin, an ordinary member, and a team card. */
const budgetScene = async () => {
  const s = await createProcessorScene(t.db, { creditLimit: 10_000_000, now: () => new Date(), key });
  await t.db.update(teams).set({ monthlyBudget: 100_000 }).where(eq(teams.id, s.team.id));
  const team = { id: s.team.id, projectId: s.project.id };
  const admin = await callerIn(t.db, s.project.id, "team_admin", [{ team, isAdmin: true }]);
  const member = await callerIn(t.db, s.project.id, "user", [{ team, isAdmin: false }]);
  const owner = { authorization: `Bearer ${await createToken(t.db, s.owner.id)}`, "x-project-id": s.project.id };
  const card = await s.issue({ sumAmount: 1_000_000 });
  return { ...s, admin, member, owner, card };
};

const budgetAlerts = (page: Page) => page.nodes.filter((n) => n.kind === TEAM_BUDGET_ALERT_KIND);

describe("team budget alerts", () => {
  it("notify the team's admin once when network authorizations reach 80%, and again at 100%", async () => {
    const s = await budgetScene();
    await authorize(s.card, 50_000);
    await sendDueBudgetAlerts(t.db, new Date());
    expect(budgetAlerts(await listOf(s.admin.headers))).toEqual([]);

    await authorize(s.card, 30_000);
    await sendDueBudgetAlerts(t.db, new Date());
    await sendDueBudgetAlerts(t.db, new Date());
    const at80 = budgetAlerts(await listOf(s.admin.headers));
    expect(at80).toHaveLength(1);
    expect(at80[0]?.payload).toMatchObject({ team_id: s.team.id, level: 80, spent: 80_000, budget: 100_000 });
    // The owners get it too; an ordinary member of the team does not.
    expect(budgetAlerts(await listOf(s.owner))).toHaveLength(1);
    expect(budgetAlerts(await listOf(s.member.headers))).toEqual([]);

    await authorize(s.card, 5_000);
    await sendDueBudgetAlerts(t.db, new Date());
    expect(budgetAlerts(await listOf(s.admin.headers))).toHaveLength(1);

    await authorize(s.card, 15_000);
    await sendDueBudgetAlerts(t.db, new Date());
    await sendDueBudgetAlerts(t.db, new Date());
    const levels = budgetAlerts(await listOf(s.admin.headers)).map((n) => n.payload.level);
    expect(levels.sort()).toEqual([100, 80]);

    // And by e-mail through the outbox, once per level, in the admin's language (Icelandic by default).
    const [admin] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, s.admin.id));
    const mails = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, admin?.email ?? ""));
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("hefur náð fjárhagsáætlun"),
        expect.stringContaining("hefur notað 80%"),
      ]),
    );
    expect(mails.find((m) => m.subject?.includes("80%"))?.body).toContain("80.000 kr. af 100.000 kr.");
  });

  it("send nothing for a team without a budget", async () => {
    const s = await budgetScene();
    await t.db.update(teams).set({ monthlyBudget: null }).where(eq(teams.id, s.team.id));
    await authorize(s.card, 500_000);
    await sendDueBudgetAlerts(t.db, new Date());
    expect(budgetAlerts(await listOf(s.admin.headers))).toEqual([]);
  });
});

describe("a person's notifications", () => {
  const seed = async (projectId: string, userId: string, count: number) => {
    const base = Date.now() - 60_000;
    for (let i = 0; i < count; i += 1) {
      await notify(t.db, {
        projectId,
        userId,
        kind: "export.completed",
        payload: { export_id: crypto.randomUUID(), rows: i },
        at: new Date(base + i * 1000),
      });
    }
  };

  it("pages by cursor newest first, counts unread, and marks one and then all read", async () => {
    const s = await budgetScene();
    await seed(s.project.id, s.admin.id, 5);
    const first = await listOf(s.admin.headers, { first: 2 });
    expect(first.nodes.map((n) => n.payload.rows)).toEqual([4, 3]);
    expect(first.unread_count).toBe(5);
    const second = await listOf(s.admin.headers, { first: 2, after: first.next_cursor });
    expect(second.nodes.map((n) => n.payload.rows)).toEqual([2, 1]);
    const third = await listOf(s.admin.headers, { first: 2, after: second.next_cursor });
    expect(third.nodes.map((n) => n.payload.rows)).toEqual([0]);
    expect(third.next_cursor).toBeNull();

    const one = first.nodes[0]?.id ?? "";
    const marked = await gql<{ mark_notifications_read: number }>(
      "mutation ($ids: [ID!]!) { mark_notifications_read(ids: $ids) }",
      s.admin.headers,
      { ids: [one] },
    );
    expect(marked.data?.mark_notifications_read).toBe(4);
    // Another person cannot mark it, nor see it.
    const foreign = await gql<{ mark_notifications_read: number }>(
      "mutation ($ids: [ID!]!) { mark_notifications_read(ids: $ids) }",
      s.member.headers,
      { ids: [second.nodes[0]?.id ?? ""] },
    );
    expect(foreign.data?.mark_notifications_read).toBe(0);
    expect((await listOf(s.member.headers)).nodes).toEqual([]);
    expect((await listOf(s.admin.headers)).unread_count).toBe(4);

    const all = await gql<{ mark_all_notifications_read: number }>(
      "mutation { mark_all_notifications_read }",
      s.admin.headers,
    );
    expect(all.data?.mark_all_notifications_read).toBe(0);
    const after = await gql<{ unread_notification_count: number }>("{ unread_notification_count }", s.admin.headers);
    expect(after.data?.unread_notification_count).toBe(0);
  });

  it("pages notices a microsecond apart without skipping one", async () => {
    const s = await budgetScene();
    await seed(s.project.id, s.member.id, 4);
    const ids = (await listOf(s.member.headers)).nodes.map((n) => n.id);
    await microsecondsApart(t.db, "notifications", "created_at", ids);
    const { nodes } = await walkPages((after) => listOf(s.member.headers, { first: 2, after }));
    expect(nodes.map((n) => n.id)).toEqual(ids);
  });

  it("answers the employee app on GET /v1/notifications and refuses a forged cursor with a code", async () => {
    const s = await budgetScene();
    await seed(s.project.id, s.member.id, 3);
    const response = await t.app.inject({ method: "GET", url: "/v1/notifications?first=2", headers: s.member.headers });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as Page;
    expect(page.nodes).toHaveLength(2);
    expect(page.unread_count).toBe(3);
    expect(page.next_cursor).toEqual(expect.any(String));

    const read = await t.app.inject({
      method: "POST",
      url: "/v1/notifications/read",
      headers: { ...s.member.headers, "idempotency-key": crypto.randomUUID() },
      payload: { ids: page.nodes.map((n) => n.id) },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ updated: 2, unread_count: 1 });

    const bad = await t.app.inject({
      method: "GET",
      url: "/v1/notifications?after=nonsense",
      headers: s.member.headers,
    });
    expect(bad.statusCode).toBe(422);
    // A cursor of the right shape whose time PostgreSQL could not read is refused before the statement.
    const forged = encodeCursor({ value: "2026-13-01 00:00:00+00", id: crypto.randomUUID() });
    const badTime = await t.app.inject({
      method: "GET",
      url: `/v1/notifications?after=${forged}`,
      headers: s.member.headers,
    });
    expect(badTime.statusCode, badTime.body).toBe(422);
    expect(codeOf(await gql(LIST, s.member.headers, { after: forged }))).toBe("VALIDATION_FAILED");
    const badGql = await gql(LIST, s.member.headers, { after: "nonsense" });
    expect(codeOf(badGql)).toBe("VALIDATION_FAILED");
    const badIds = await gql('mutation { mark_notifications_read(ids: ["x"]) }', s.member.headers);
    expect(codeOf(badIds)).toBe("VALIDATION_FAILED");
  });
});
