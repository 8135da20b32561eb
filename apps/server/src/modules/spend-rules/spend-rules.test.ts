import { randomBytes } from "node:crypto";
import { MS_PER_DAY } from "@kort/core";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { auditLog, transactions } from "../../platform/db/schema/index.ts";
import { type TestClock, testClock } from "../../platform/http/testing/clock.ts";
import { type CardsScene, createCardsScene } from "../cards/testing/cards-scene.ts";
import { requestAuthorization } from "../processor/testing/network-calls.ts";
import { fixtures, multipart } from "../receipts/testing/receipts-scene.ts";
import { codeOf, type GraphQLBody, graphqlFor } from "../teams/teams.fixtures.ts";
import { recountAllReceiptLocks } from "./spend-rules.service.ts";

const NETWORK_KEY = "test-network-key-spend-rules-0123";
let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
let clock: TestClock;
let files: Awaited<ReturnType<typeof fixtures>>;

beforeAll(async () => {
  clock = testClock(new Date());
  const key = randomBytes(32);
  t = await createTestApp({
    env: { KORT_CARD_KEY: key.toString("base64"), KORT_NETWORK_KEY: NETWORK_KEY },
    now: clock.now,
  });
  gql = graphqlFor(t);
  files = await fixtures();
  scene = await createCardsScene(t.db, key);
});
afterAll(() => t.close());
let scene: CardsScene;

type Card = Awaited<ReturnType<CardsScene["issue"]>>;

const authorize = async (card: Card, overrides: Record<string, unknown> = {}) => {
  const response = await requestAuthorization(t.app, NETWORK_KEY, card, {
    amount: 1500,
    merchant_name: "Bónus Kringlunni",
    ...overrides,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: string; approved: boolean; decline_code: string | null };
};

const SET_CARD = `mutation($card: ID!, $controls: MerchantControlsInput) {
  set_card_merchant_controls(card_id: $card, controls: $controls) { own { mode groups merchants } company_default { mode } can_manage }
}`;
const blockGambling = { mode: "BLOCK", groups: ["gambling"], merchants: [] };

describe("merchant controls in the authorization", () => {
  it("declines a blocked group with its code, passes other merchants, and shows the reason on the card", async () => {
    const card = await scene.issue();
    const set = await gql(SET_CARD, scene.owner.headers, { card: card.id, controls: blockGambling });
    expect(set.errors).toBeUndefined();
    expect(set.data).toMatchObject({ set_card_merchant_controls: { own: { mode: "BLOCK", groups: ["gambling"] } } });

    const casino = await authorize(card, { mcc: "7995", merchant_name: "Lucky Casino" });
    expect(casino).toMatchObject({ approved: false, decline_code: "MERCHANT_GROUP_BLOCKED" });
    expect(await authorize(card)).toMatchObject({ approved: true, decline_code: null });

    // The admin's card page lists the decline with its code and MCC (the web names the group from the MCC).
    const activity = await gql<{ card_activity: { declines: { id: string; decline_code: string; mcc: string }[] } }>(
      `query($id: ID!) { card_activity(card_id: $id) { declines { id decline_code mcc } } }`,
      scene.owner.headers,
      { id: card.id },
    );
    expect(activity.data?.card_activity.declines).toEqual([
      { id: casino.id, decline_code: "MERCHANT_GROUP_BLOCKED", mcc: "7995" },
    ]);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, card.id), eq(auditLog.action, "card.set_merchant_controls")));
    expect(audited).toHaveLength(1);
  });

  it("blocks a named merchant trimmed and case-insensitively, and allows only what ALLOW_ONLY lists", async () => {
    const card = await scene.issue();
    await gql(SET_CARD, scene.owner.headers, {
      card: card.id,
      controls: { mode: "BLOCK", groups: [], merchants: ["  bónus KRINGLUNNI "] },
    });
    expect(await authorize(card)).toMatchObject({ decline_code: "MERCHANT_BLOCKED" });
    await gql(SET_CARD, scene.owner.headers, {
      card: card.id,
      controls: { mode: "ALLOW_ONLY", groups: ["fuel"], merchants: [] },
    });
    expect(await authorize(card)).toMatchObject({ decline_code: "MERCHANT_NOT_ALLOWED" });
    expect(await authorize(card, { mcc: "5542", merchant_name: "N1 Ártúnshöfða" })).toMatchObject({ approved: true });
  });

  it("applies the company's default to cards without their own, and a card's own controls over it", async () => {
    const plain = await scene.issue();
    const own = await scene.issue();
    await gql(SET_CARD, scene.owner.headers, { card: own.id, controls: { mode: "BLOCK", groups: [], merchants: [] } });
    const set = await gql(
      `mutation($c: MerchantControlsInput) { set_project_merchant_controls(controls: $c) { merchant_default { mode groups } } }`,
      scene.owner.headers,
      { c: { mode: "BLOCK", groups: ["cash"], merchants: [] } },
    );
    expect(set.errors).toBeUndefined();
    expect(await authorize(plain, { mcc: "6011", merchant_name: "Hraðbanki" })).toMatchObject({
      decline_code: "MERCHANT_GROUP_BLOCKED",
    });
    expect(await authorize(own, { mcc: "6011", merchant_name: "Hraðbanki" })).toMatchObject({ approved: true });
    await gql(
      `mutation { set_project_merchant_controls(controls: null) { merchant_default { mode } } }`,
      scene.owner.headers,
    );
    expect(await authorize(plain, { mcc: "6011", merchant_name: "Hraðbanki" })).toMatchObject({ approved: true });
  });

  it("lets a team admin set their team's cards, and refuses another team's admin, the accountant and the employee", async () => {
    const card = await scene.issue();
    const asTeamAdmin = await gql(SET_CARD, scene.teamAdmin.headers, { card: card.id, controls: blockGambling });
    expect(asTeamAdmin.errors).toBeUndefined();
    for (const caller of [scene.otherTeamAdmin, scene.accountant, scene.user]) {
      const refused = await gql(SET_CARD, caller.headers, { card: card.id, controls: null });
      expect(codeOf(refused), caller.role).toBe("ACCESS_DENIED");
    }
    const foreign = await gql(SET_CARD, scene.foreignOwner.headers, { card: card.id, controls: null });
    expect(["NOT_FOUND", "ACCESS_DENIED"]).toContain(codeOf(foreign));
    // The company default is the owners' (manage-limits about the company as a whole).
    const teamDefault = await gql(
      `mutation { set_project_merchant_controls(controls: null) { receipt_lock_days } }`,
      scene.teamAdmin.headers,
    );
    expect(codeOf(teamDefault)).toBe("ACCESS_DENIED");
  });

  it("refuses bad input with VALIDATION_FAILED, never a 500", async () => {
    const card = await scene.issue();
    const tooMany = await gql(SET_CARD, scene.owner.headers, {
      card: card.id,
      controls: { mode: "BLOCK", groups: [], merchants: Array.from({ length: 51 }, (_, i) => `Verslun ${i}`) },
    });
    expect(codeOf(tooMany)).toBe("VALIDATION_FAILED");
    const blank = await gql(SET_CARD, scene.owner.headers, {
      card: card.id,
      controls: { mode: "BLOCK", groups: [], merchants: ["   "] },
    });
    expect(codeOf(blank)).toBe("VALIDATION_FAILED");
    const days = await gql(`mutation { set_receipt_lock(days: 0) { receipt_lock_days } }`, scene.owner.headers);
    expect(codeOf(days)).toBe("VALIDATION_FAILED");
  });

  it("writes the create panel's controls with the new card", async () => {
    const created = await gql<{ create_employee_card: { id: string } }>(
      `mutation($input: CreateCardInput!) { create_employee_card(input: $input) { id } }`,
      scene.owner.headers,
      {
        input: {
          cardholder_id: scene.user.id,
          team_id: scene.teams.mine.id,
          description: "Ferðakort",
          limits: [{ sum_amount: 100_000, period: "MONTHLY" }],
          merchant_controls: blockGambling,
        },
      },
    );
    expect(created.errors).toBeUndefined();
    const id = created.data?.create_employee_card.id;
    const read = await gql(
      `query($id: ID!) { card_merchant_controls(card_id: $id) { own { mode groups } can_manage } }`,
      scene.owner.headers,
      { id },
    );
    expect(read.data).toMatchObject({
      card_merchant_controls: { own: { mode: "BLOCK", groups: ["gambling"] }, can_manage: true },
    });
  });
});

describe("the receipt lock", () => {
  /** A settled purchase of the employee on `card`, dated `daysAgo` days before the clock, without a receipt. */
  const settled = async (card: Card, holderId: string, daysAgo: number) => {
    const date = new Date(clock.now().getTime() - daysAgo * MS_PER_DAY);
    const [row] = await t.db
      .insert(transactions)
      .values({
        projectId: scene.project.id,
        cardId: card.id,
        userId: holderId,
        teamId: scene.teams.mine.id,
        description: "Kaup",
        merchantName: "Bónus",
        originalAmount: 4590,
        originalCurrency: "ISK",
        transactionAmount: 4590,
        transactionDate: date,
        closedAt: date,
      })
      .returning({ id: transactions.id });
    if (!row) throw new Error("No transaction");
    return row.id;
  };

  const upload = (headers: Record<string, string>, transactionId: string) => {
    const body = multipart([{ field: "file", fileName: "kvittun.pdf", type: "application/pdf", data: files.pdf }]);
    return t.app.inject({
      method: "POST",
      url: `/v1/transactions/${transactionId}/receipts`,
      headers: { ...headers, "content-type": body.contentType },
      payload: body.payload,
    });
  };

  const myLock = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: "GET", url: "/v1/me/receipt-lock", headers })).json() as {
      locked: boolean;
      missing_count: number;
    };

  it("with N = 7, an 8-day-old purchase without a receipt declines the next authorization, and its receipt lifts it", async () => {
    const card = await scene.issue();
    expect(await authorize(card)).toMatchObject({ approved: true });
    const late = await settled(card, scene.user.id, 8);
    await settled(card, scene.user.id, 6); // inside the grace period: not counted

    const on = await gql(`mutation { set_receipt_lock(days: 7) { receipt_lock_days } }`, scene.owner.headers);
    expect(on.errors).toBeUndefined();
    await recountAllReceiptLocks(t.db, clock.now());
    expect(await authorize(card)).toMatchObject({ approved: false, decline_code: "RECEIPTS_MISSING" });
    expect(await myLock(scene.user.headers)).toMatchObject({ locked: true, missing_count: 1 });
    // The holder is told once, in the transaction that locked them.
    const told = await t.db.execute(
      sql`select payload from notifications where user_id = ${scene.user.id} and kind = 'card.receipts_locked'`,
    );
    expect(told.rows).toEqual([{ payload: { missing_count: 1, days: 7 } }]);

    const locks = await gql<{ receipt_locks: { nodes: { user_id: string; missing_count: number }[] } }>(
      `query { receipt_locks { nodes { user_id missing_count } next_cursor } }`,
      scene.owner.headers,
    );
    expect(locks.data?.receipt_locks.nodes).toContainEqual({ user_id: scene.user.id, missing_count: 1 });

    expect((await upload(scene.user.headers, late)).statusCode).toBeLessThan(300);
    expect(await myLock(scene.user.headers)).toMatchObject({ locked: false, missing_count: 0 });
    expect(await authorize(card)).toMatchObject({ approved: true });
    await gql(`mutation { set_receipt_lock(days: null) { receipt_lock_days } }`, scene.owner.headers);
  });

  it("lets an owner lift a lock for a day (audited), and no one else", async () => {
    const card = await scene.issue({ cardholderId: scene.teamAdmin.id });
    await settled(card, scene.teamAdmin.id, 30);
    await gql(`mutation { set_receipt_lock(days: 7) { receipt_lock_days } }`, scene.owner.headers);
    expect(await authorize(card)).toMatchObject({ decline_code: "RECEIPTS_MISSING" });

    const LIFT = `mutation($u: ID!) { lift_receipt_lock(user_id: $u) }`;
    for (const caller of [scene.teamAdmin, scene.otherTeamAdmin, scene.accountant, scene.user]) {
      expect(codeOf(await gql(LIFT, caller.headers, { u: scene.teamAdmin.id })), caller.role).toBe("ACCESS_DENIED");
      const list = await gql(`query { receipt_locks { nodes { user_id } } }`, caller.headers);
      expect(codeOf(list), caller.role).toBe("ACCESS_DENIED");
    }
    const lifted = await gql<{ lift_receipt_lock: string }>(LIFT, scene.owner.headers, { u: scene.teamAdmin.id });
    expect(lifted.errors).toBeUndefined();
    expect(new Date(lifted.data?.lift_receipt_lock ?? 0).getTime()).toBe(clock.now().getTime() + MS_PER_DAY);
    expect(await authorize(card)).toMatchObject({ approved: true });

    clock.set(new Date(clock.now().getTime() + MS_PER_DAY + 1));
    expect(await authorize(card)).toMatchObject({ decline_code: "RECEIPTS_MISSING" });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, scene.teamAdmin.id), eq(auditLog.action, "user.lift_receipt_lock")));
    expect(audited).toHaveLength(1);
    // The owner reads these changes on the audit log page, under limits.
    const page = await gql<{ audit_log: { nodes: { action: string }[] } }>(
      `query { audit_log(areas: [LIMITS], first: 50) { nodes { action } } }`,
      scene.owner.headers,
    );
    expect(page.errors).toBeUndefined();
    expect(page.data?.audit_log.nodes.map((node) => node.action)).toEqual(
      expect.arrayContaining(["project.set_receipt_lock", "user.lift_receipt_lock"]),
    );

    // Turning the lock off frees everyone at once.
    await gql(`mutation { set_receipt_lock(days: null) { receipt_lock_days } }`, scene.owner.headers);
    expect(await authorize(card)).toMatchObject({ approved: true });
  });

  it("is off by default and only owners turn it on", async () => {
    const rules = await gql<{ spend_rules: { receipt_lock_days: number | null; can_manage_receipt_lock: boolean } }>(
      `query { spend_rules { receipt_lock_days can_manage_receipt_lock } }`,
      scene.owner.headers,
    );
    expect(rules.data?.spend_rules).toEqual({ receipt_lock_days: null, can_manage_receipt_lock: true });
    for (const caller of [scene.teamAdmin, scene.accountant, scene.user]) {
      const refused = await gql(`mutation { set_receipt_lock(days: 7) { receipt_lock_days } }`, caller.headers);
      expect(codeOf(refused), caller.role).toBe("ACCESS_DENIED");
    }
  });

  it("comes back when the receipt is removed, counts only companies with the lock on, and pages the locked by name", async () => {
    // The accountant holds a card here only so that this test's person starts with nothing missing.
    const card = await scene.issue({ cardholderId: scene.accountant.id });
    const late = await settled(card, scene.accountant.id, 10);
    const adminCard = await scene.issue({ cardholderId: scene.teamAdmin.id });
    await settled(adminCard, scene.teamAdmin.id, 10);
    // Another company's late purchase: its lock is off, so nobody there is counted.
    const foreignCard = await scene.issue({
      projectId: scene.other.id,
      teamId: scene.teams.foreign.id,
      cardholderId: scene.foreignOwner.id,
    });
    await t.db.insert(transactions).values({
      projectId: scene.other.id,
      cardId: foreignCard.id,
      userId: scene.foreignOwner.id,
      description: "Kaup",
      merchantName: "Bónus",
      originalAmount: 990,
      originalCurrency: "ISK",
      transactionAmount: 990,
      transactionDate: new Date(clock.now().getTime() - 30 * MS_PER_DAY),
      closedAt: clock.now(),
    });
    await gql(`mutation { set_receipt_lock(days: 7) { receipt_lock_days } }`, scene.owner.headers);
    await recountAllReceiptLocks(t.db, clock.now());
    expect(await authorize(foreignCard)).toMatchObject({ approved: true });

    type Page = { receipt_locks: { nodes: { user_id: string }[]; next_cursor: string | null } };
    const PAGE = `query($after: String) { receipt_locks(first: 1, after: $after) { nodes { user_id } next_cursor } }`;
    const seen: string[] = [];
    let after: string | null | undefined = null;
    do {
      const page: GraphQLBody<Page> = await gql<Page>(PAGE, scene.owner.headers, { after });
      expect(page.data?.receipt_locks.nodes.length).toBe(1);
      seen.push(...(page.data?.receipt_locks.nodes ?? []).map((row) => row.user_id));
      after = page.data?.receipt_locks.next_cursor;
    } while (after);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining([scene.teamAdmin.id, scene.accountant.id]));
    expect(codeOf(await gql(PAGE, scene.owner.headers, { after: "not-a-cursor" }))).toBe("VALIDATION_FAILED");

    const uploaded = await upload(scene.accountant.headers, late);
    expect(await authorize(card)).toMatchObject({ approved: true });
    const receiptId = (uploaded.json() as { id: string }).id;
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/v1/receipts/${receiptId}`,
      headers: scene.accountant.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await authorize(card)).toMatchObject({ decline_code: "RECEIPTS_MISSING" });
    await gql(`mutation { set_receipt_lock(days: null) { receipt_lock_days } }`, scene.owner.headers);
  });
});
