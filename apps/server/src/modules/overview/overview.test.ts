import { billingPeriodOf, isoDate, previousBillingPeriod } from "@kort/core";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import { writeAudit } from "../../platform/audit/audit.ts";
import { categories, transactions } from "../../platform/db/schema/index.ts";
import { microsecondsApart, walkPages } from "../../platform/db/testing/keyset-pages.ts";
import { type CardsScene, createCardsScene, createCardsTestApp } from "../cards/testing/cards-scene.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";

/**
 * The Overview (issue 16) against the real database: a period's spend by team, user, category and merchant (what
 * /expenses lists for it, refunds included, the previous period and other companies left out), the top groups and
 * the rest, the six-period trend from the running balances, who may read each figure; and
 * the audit log filtered by who, what and when, paged by cursor.
 */

let t: TestApp;
let s: CardsScene;
let gql: ReturnType<typeof graphqlFor>;
const now = new Date();
const period = billingPeriodOf(now);
const previous = previousBillingPeriod(period);
let food = "";

beforeAll(async () => {
  const app = await createCardsTestApp();
  t = app.t;
  s = await createCardsScene(t.db, app.key);
  gql = graphqlFor(t);
  const [category] = await t.db
    .insert(categories)
    .values({ projectId: s.project.id, title: "Matur", code: "4010" })
    .returning({ id: categories.id });
  food = category?.id ?? "";
  const mineCard = await s.issue({ teamId: s.teams.mine.id, cardholderId: s.user.id });
  const theirsCard = await s.issue({
    teamId: s.teams.theirs.id,
    cardholderId: s.owner.id,
    cardType: "BUSINESS_EXPENSE",
  });
  const foreignCard = await s.issue({
    projectId: s.other.id,
    teamId: s.teams.foreign.id,
    cardholderId: s.foreignOwner.id,
  });
  const inPeriod = new Date(Math.max(period.from.getTime(), now.getTime() - 3_600_000));
  const row = (
    card: { id: string },
    values: { userId: string; teamId: string | null; merchant: string; amount: number; at?: Date; category?: string },
    projectId = s.project.id,
  ) => ({
    projectId,
    cardId: card.id,
    userId: values.userId,
    teamId: values.teamId,
    description: "Kaup",
    merchantName: values.merchant,
    originalAmount: values.amount,
    originalCurrency: "ISK",
    transactionAmount: values.amount,
    transactionDate: values.at ?? inPeriod,
    closedAt: values.at ?? inPeriod,
    categoryId: values.category ?? null,
  });
  const mine = { userId: s.user.id, teamId: s.teams.mine.id };
  const theirs = { userId: s.owner.id, teamId: s.teams.theirs.id };
  await t.db.insert(transactions).values([
    row(mineCard, { ...mine, merchant: "Bónus", amount: 10_000, category: food }),
    row(mineCard, { ...mine, merchant: "Bónus", amount: 5_000, category: food }),
    row(mineCard, { ...mine, merchant: "Bónus", amount: -1_000, category: food }),
    row(mineCard, { ...mine, merchant: "Olís", amount: 7_000 }),
    row(theirsCard, { ...theirs, merchant: "Icelandair", amount: 120_000 }),
    row(theirsCard, { ...theirs, merchant: "Kaffitár", amount: 900 }),
    // The period before: in the trend, not in this period's figures.
    row(theirsCard, {
      ...theirs,
      merchant: "Icelandair",
      amount: 55_000,
      at: new Date(previous.from.getTime() + 86_400_000),
    }),
    // Another company's: never counted.
    row(
      foreignCard,
      { userId: s.foreignOwner.id, teamId: s.teams.foreign.id, merchant: "Bónus", amount: 999_999 },
      s.other.id,
    ),
  ]);
});
afterAll(() => t.close());

type SpendingJson = {
  rows: { key: string | null; label: string | null; amount: string; count: number }[];
  others: { amount: string; count: number } | null;
  total: string;
};

const SPENDING = `query ($by: SpendingDimension!, $period: String, $top: Int) {
  overview_spending(by: $by, period: $period, top: $top) { rows { key label amount count } others { amount count } total }
}`;

const spending = async (by: string, variables: Record<string, unknown> = {}, headers = s.owner.headers) => {
  const body = await gql<{ overview_spending: SpendingJson }>(SPENDING, headers, { by, ...variables });
  expect(body.errors).toBeUndefined();
  const result = body.data?.overview_spending;
  if (!result) throw new Error("no spending");
  return result;
};

describe("the overview's spending", () => {
  it("breaks the period down by team, user, category and merchant, refunds included, largest first", async () => {
    expect((await spending("TEAM")).rows).toEqual([
      { key: s.teams.theirs.id, label: expect.any(String), amount: "120900", count: 2 },
      { key: s.teams.mine.id, label: expect.any(String), amount: "21000", count: 4 },
    ]);
    expect((await spending("USER")).rows.map((r) => [r.key, r.amount])).toEqual([
      [s.owner.id, "120900"],
      [s.user.id, "21000"],
    ]);
    expect((await spending("CATEGORY")).rows).toEqual([
      { key: null, label: null, amount: "127900", count: 3 },
      { key: food, label: "Matur", amount: "14000", count: 3 },
    ]);
    const merchants = await spending("MERCHANT");
    expect(merchants.rows.map((r) => [r.label, r.amount])).toEqual([
      ["Icelandair", "120000"],
      ["Bónus", "14000"],
      ["Olís", "7000"],
      ["Kaffitár", "900"],
    ]);
    expect(merchants.total).toBe("141900");
    expect(merchants.others).toBeNull();
  });

  it("names the top groups and sums the rest", async () => {
    const top = await spending("MERCHANT", { top: 2 });
    expect(top.rows.map((r) => r.label)).toEqual(["Icelandair", "Bónus"]);
    expect(top.others).toEqual({ amount: "7900", count: 2 });
    expect(top.total).toBe("141900");
  });

  it("reads any period by one of its days", async () => {
    const before = await spending("MERCHANT", { period: isoDate(previous.from) });
    expect(before.rows).toEqual([{ key: "Icelandair", label: "Icelandair", amount: "55000", count: 1 }]);
    const bad = await gql(SPENDING, s.owner.headers, { by: "TEAM", period: "2026-13-45" });
    expect(codeOf(bad)).toBe("VALIDATION_FAILED");
    const tooMany = await gql(SPENDING, s.owner.headers, { by: "TEAM", top: 1000 });
    expect(codeOf(tooMany)).toBe("VALIDATION_FAILED");
  });

  it("is the owner's: team admins, accountants and employees are refused (stats privileges)", async () => {
    for (const caller of [s.teamAdmin, s.accountant, s.user]) {
      for (const by of ["TEAM", "USER", "CATEGORY", "MERCHANT"]) {
        const body = await gql(SPENDING, caller.headers, { by });
        expect(codeOf(body), `${caller.role} ${by}`).toBe("ACCESS_DENIED");
      }
    }
  });
});

describe("the overview's trend", () => {
  it("gives six periods, oldest first, settled from the running balances", async () => {
    const body = await gql<{ overview_trend: { period_from: string; settled: string }[] }>(
      "{ overview_trend { period_from settled deposited } }",
      s.owner.headers,
    );
    const trend = body.data?.overview_trend ?? [];
    expect(trend).toHaveLength(6);
    expect(trend.at(-1)).toMatchObject({ period_from: period.from.toISOString(), settled: "141900" });
    expect(trend.at(-2)).toMatchObject({ period_from: previous.from.toISOString(), settled: "55000" });
    expect(trend.slice(0, 4).every((p) => p.settled === "0")).toBe(true);
  });
});

type AuditJson = {
  nodes: { id: string; action: string; actor_user_id: string | null; actor_name: string | null; details: string }[];
  next_cursor: string | null;
};

const AUDIT = `query ($areas: [AuditArea!], $actor: ID, $from: String, $to: String, $first: Int, $after: String) {
  audit_log(areas: $areas, actor_id: $actor, from_date: $from, to_date: $to, first: $first, after: $after) {
    nodes { id action actor_user_id actor_name details created_at } next_cursor
  }
}`;

const audit = async (variables: Record<string, unknown>, headers = s.owner.headers) => {
  const body = await gql<{ audit_log: AuditJson }>(AUDIT, headers, variables);
  expect(body.errors).toBeUndefined();
  return body.data?.audit_log ?? { nodes: [], next_cursor: null };
};

describe("the audit log", () => {
  it("lists the changes people made through the app, filtered by who, what and when, paged by cursor", async () => {
    // Real changes: a budget (LIMITS), a role (ROLES), a team (TEAMS), by the owner.
    const budget = await gql(
      "mutation ($id: ID!) { set_team_budget(team_id: $id, budget: 500000) { id } }",
      s.owner.headers,
      { id: s.teams.mine.id },
    );
    expect(budget.errors).toBeUndefined();
    const role = await gql(
      'mutation ($id: ID!) { set_role(user_id: $id, role_name: "team_admin") { id } }',
      s.owner.headers,
      { id: s.accountant.id },
    );
    expect(role.errors).toBeUndefined();
    const team = await gql('mutation { create_team(name: "Þróun", account_code: "300") { id } }', s.owner.headers);
    expect(team.errors).toBeUndefined();
    // Older entries, written as the services write them: the employee's card freeze, and a sign-in (not a change).
    const old = new Date(now.getTime() - 40 * 86_400_000);
    for (let i = 0; i < 5; i++) {
      await writeAudit(t.db, {
        action: "card.freeze",
        objectType: "card",
        objectId: `card-${i}`,
        projectId: s.project.id,
        actorUserId: s.user.id,
        at: new Date(old.getTime() + i * 1000),
      });
    }
    await writeAudit(t.db, {
      action: "auth.sign_in.succeeded",
      objectType: "user",
      projectId: s.project.id,
      actorUserId: s.user.id,
      at: now,
    });
    await writeAudit(t.db, {
      action: "card.freeze",
      objectType: "card",
      projectId: s.other.id,
      actorUserId: s.foreignOwner.id,
      at: now,
    });

    const all = await audit({});
    const actions = all.nodes.map((n) => n.action);
    expect(actions).toEqual(expect.arrayContaining(["team.set_budget", "user.set_role", "team.create", "card.freeze"]));
    expect(actions).not.toContain("auth.sign_in.succeeded");
    expect(actions.filter((a) => a === "card.freeze")).toHaveLength(5);

    expect((await audit({ areas: ["ROLES"] })).nodes.map((n) => n.action)).toEqual(["user.set_role"]);
    expect((await audit({ areas: ["LIMITS"] })).nodes.map((n) => n.action)).toEqual(["team.set_budget"]);
    const byEmployee = await audit({ actor: s.user.id });
    expect(byEmployee.nodes.map((n) => n.action)).toEqual(Array(5).fill("card.freeze"));
    const today = isoDate(now);
    const recent = await audit({ from: isoDate(new Date(now.getTime() - 86_400_000)), to: today });
    expect(recent.nodes.map((n) => n.action)).not.toContain("card.freeze");
    const older = await audit({ to: isoDate(new Date(now.getTime() - 30 * 86_400_000)) });
    expect(older.nodes).toHaveLength(5);

    // Two at a time through the employee's five, newest first, each once.
    const { nodes, pages } = await walkPages((after) => audit({ actor: s.user.id, first: 2, after }));
    expect(pages).toBe(3);
    expect(new Set(nodes.map((n) => n.id)).size).toBe(5);
  });

  it("pages entries a microsecond apart without skipping one", async () => {
    for (let i = 0; i < 4; i++) {
      await writeAudit(t.db, {
        action: "card.unfreeze",
        objectType: "card",
        objectId: `card-${i}`,
        projectId: s.project.id,
        actorUserId: s.accountant.id,
        at: now,
      });
    }
    const written = await t.db.execute<{ id: string }>(
      sql`select id from audit_log where actor_user_id = ${s.accountant.id} order by object_id`,
    );
    const ids = written.rows.map((row) => row.id);
    expect(ids).toHaveLength(4);
    await microsecondsApart(t.db, "audit_log", "created_at", ids);
    const { nodes } = await walkPages((after) => audit({ actor: s.accountant.id, first: 2, after }));
    expect(nodes.map((n) => n.id)).toEqual(ids);
  });

  it("lists the owners' changes of the company's accounting and risk settings under their areas", async () => {
    const changes = [
      "mutation { set_capture_tolerance(kind: fuel, percent: 5, minimum: 3000) { plan } }",
      "mutation { set_project_plan(plan: pro) { plan } }",
      "mutation { set_receipt_missing_days(days: 10) { plan } }",
    ];
    for (const change of changes) expect((await gql(change, s.owner.headers)).errors).toBeUndefined();
    const limits = (await audit({ areas: ["LIMITS"] })).nodes;
    const tolerance = limits.find((n) => n.action === "project.set_capture_tolerance");
    expect(JSON.parse(tolerance?.details ?? "{}")).toEqual({
      from: { kind: "fuel", percent: 0, minimum: 1_000 },
      to: { kind: "fuel", percent: 5, minimum: 3_000 },
    });
    const categories = (await audit({ areas: ["CATEGORIES"] })).nodes.map((n) => n.action);
    expect(categories).toEqual(expect.arrayContaining(["project.set_plan", "project.set_receipt_missing_days"]));
  });

  it("refuses bad filters with codes, and anyone but the owner", async () => {
    expect(codeOf(await gql(AUDIT, s.owner.headers, { areas: ["NOPE"] }))).toBeDefined();
    expect(codeOf(await gql(AUDIT, s.owner.headers, { after: "garbage" }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await gql(AUDIT, s.owner.headers, { from: "2026-02-30" }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await gql(AUDIT, s.owner.headers, { from: "2026-05-02", to: "2026-05-01" }))).toBe(
      "VALIDATION_FAILED",
    );
    expect(codeOf(await gql(AUDIT, s.owner.headers, { actor: "x" }))).toBe("VALIDATION_FAILED");
    for (const caller of [s.teamAdmin, s.user]) {
      expect(codeOf(await gql(AUDIT, caller.headers, {}))).toBe("ACCESS_DENIED");
    }
  });
});
