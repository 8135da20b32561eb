import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { cards, devices } from "../../platform/db/schema/index.ts";
import { createFundingScene, type FundingScene, restFor } from "../funding-sources/testing/funding-scene.ts";
import { type NetworkCard, requestAuthorization } from "../processor/testing/network-calls.ts";
import { graphqlFor } from "../teams/teams.fixtures.ts";
import { PUSH_QUEUE } from "./push.service.ts";
import { type PushSubscriptionJson, replacePushSender } from "./push-sender.ts";

/**
 * Issue 17, Web Push: a device's subscription is stored; a card decision and a reminder queue a push task after
 * their commit; the task hands the message to the push service for every subscribed device of the person; a
 * subscription the push service says is gone (410) is forgotten.
 */

let t: TestApp;
let scene: FundingScene;
let rest: ReturnType<typeof restFor>;
const vapid = webpush.generateVAPIDKeys();
/** What went to the push services in this test, instead of the network. */
let sent: { subscription: PushSubscriptionJson; message: Record<string, string> }[] = [];
let answerWith = 201;

beforeAll(async () => {
  const key = randomBytes(32);
  t = await createTestApp({
    env: {
      KORT_CARD_KEY: key.toString("base64"),
      KORT_VAPID_PUBLIC_KEY: vapid.publicKey,
      KORT_VAPID_PRIVATE_KEY: vapid.privateKey,
    },
  });
  scene = await createFundingScene(t, key);
  rest = restFor(t);
  replacePushSender(t.deps.config, async (subscription, payload, keys) => {
    expect(keys.publicKey).toBe(vapid.publicKey);
    sent.push({ subscription, message: JSON.parse(payload) as Record<string, string> });
    return { statusCode: answerWith };
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  sent = [];
  answerWith = 201;
  await t.tasks.drain();
  sent = [];
});

const subscription = (): PushSubscriptionJson => ({
  endpoint: `https://push.example/${randomUUID()}`,
  keys: { p256dh: randomBytes(65).toString("base64url"), auth: randomBytes(16).toString("base64url") },
});

/** The holder's phone, registered and subscribed. */
const subscribedDevice = async (who: { headers: Record<string, string> } = scene.callers.holder) => {
  const id = randomUUID();
  const sub = subscription();
  await t.app.inject({ method: "PUT", url: `/v1/devices/${id}`, headers: who.headers, payload: { make: "web" } });
  const stored = await rest(who, "POST", "/v1/devices/tokens", { device_id: id, token: JSON.stringify(sub) });
  expect(stored.statusCode, stored.body).toBe(200);
  return { id, sub };
};

const charge = async (card: NetworkCard, merchant: string, extra: { network_reference?: string } = {}) => {
  const answer = await requestAuthorization(t.app, "demo-network-key", card, {
    amount: 12_345,
    merchant_name: merchant,
    mcc: "5812",
    ...extra,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const decided = answer.json<{ id: string; approved: boolean }>();
  // The decision's push joins a task within a few milliseconds after the answer (push.service.ts gathers them).
  await expect
    .poll(() => pushTasks().some((task) => JSON.stringify(task.data).includes(decided.id)), { interval: 5 })
    .toBe(true);
  return decided;
};

const pushTasks = () => t.tasks.sent.filter((task) => task.queue === PUSH_QUEUE);

describe("push subscriptions", () => {
  it("stores the device's subscription and refuses a token that is not one", async () => {
    const { id, sub } = await subscribedDevice();
    const [row] = await t.db.select().from(devices).where(eq(devices.id, id));
    expect(JSON.parse(row?.pushToken ?? "null")).toEqual(sub);
    for (const token of ["not json", "{}", JSON.stringify({ ...sub, endpoint: "http://push.example/plain" })]) {
      const refused = await rest(scene.callers.holder, "POST", "/v1/devices/tokens", { device_id: id, token });
      expect(refused.statusCode, token).toBe(422);
    }
  });

  it("gives the app the VAPID public key to subscribe with", async () => {
    const key = await rest(scene.callers.holder, "GET", "/v1/devices/key");
    expect(key.json()).toEqual({ vapid_public_key: vapid.publicKey });
    expect((await t.app.inject({ method: "GET", url: "/v1/devices/key" })).statusCode).toBe(401);
  });
});

describe("a card decision", () => {
  it("queues a push after the decision, and the task sends it to each of the holder's devices", async () => {
    const phone = await subscribedDevice();
    const tablet = await subscribedDevice();
    const card = await scene.issue();
    const merchant = `Kaffitár ${randomUUID().slice(0, 6)}`;
    const answer = await charge(card, merchant);
    expect(answer.approved).toBe(true);
    expect(pushTasks()).toEqual([{ queue: PUSH_QUEUE, data: { kind: "decisions", authorization_ids: [answer.id] } }]);
    expect(sent).toEqual([]);
    await t.tasks.drain(PUSH_QUEUE);
    const transaction = await t.db.execute<{ id: string }>(
      sql`select id from transactions where authorization_id = ${answer.id}`,
    );
    const transactionId = transaction.rows[0]?.id;
    // Both devices (and the holder's devices of the tests before), each once.
    const endpoints = sent.map((push) => push.subscription.endpoint);
    expect(endpoints).toEqual(expect.arrayContaining([phone.sub.endpoint, tablet.sub.endpoint]));
    expect(new Set(endpoints).size).toBe(endpoints.length);
    expect(sent[0]?.message).toEqual({
      title: "Greiðsla samþykkt",
      body: `${merchant} · 12.345 kr.`,
      url: `/app/transactions/${transactionId}`,
      tag: `authorization:${answer.id}`,
    });
    // Nothing of the card's number or the subscription goes into the logs.
    expect(JSON.stringify(t.logs)).not.toContain(card.pan);
    expect(JSON.stringify(t.logs)).not.toContain(phone.sub.endpoint);
  });

  it("tells of a decline too, opening the card's activity (a declined purchase has no page)", async () => {
    await subscribedDevice();
    const card = await scene.issue();
    await t.db.update(cards).set({ status: "FROZEN" }).where(eq(cards.id, card.id));
    const answer = await charge(card, "Bónus");
    expect(answer.approved).toBe(false);
    await t.tasks.drain(PUSH_QUEUE);
    expect(sent[0]?.message).toMatchObject({ title: "Greiðslu hafnað", url: `/app/cards/${card.id}` });
  });

  // How many tasks they share depends on how close together they commit: decision-push-gathering.test.ts tells that.
  it("queues decisions that come together, one push each", async () => {
    await subscribedDevice();
    const card = await scene.issue();
    const answers = await Promise.all(["Bakarí", "Fiskbúð", "Apótek"].map((merchant) => charge(card, merchant)));
    const tasks = pushTasks();
    expect(tasks.flatMap((task) => task.data.authorization_ids as string[]).sort()).toEqual(
      answers.map((answer) => answer.id).sort(),
    );
    await t.tasks.drain(PUSH_QUEUE);
    const tags = new Set(sent.map((push) => push.message.tag));
    expect(tags).toEqual(new Set(answers.map((answer) => `authorization:${answer.id}`)));
  });

  it("queues no task for a holder without a subscribed device, nor for a network retry", async () => {
    await subscribedDevice();
    // The accountant holds a card but has no device that takes pushes.
    const unreachable = await scene.issue();
    await t.db.update(cards).set({ cardholderId: scene.accountant.id }).where(eq(cards.id, unreachable.id));
    const untold = await requestAuthorization(t.app, "demo-network-key", unreachable, { merchant_name: "Nettó" });
    expect(untold.json()).toMatchObject({ approved: true });
    const card = await scene.issue();
    const reference = `retry-${randomUUID()}`;
    const first = await charge(card, "Olís", { network_reference: reference });
    const retried = await requestAuthorization(t.app, "demo-network-key", card, {
      amount: 12_345,
      merchant_name: "Olís",
      mcc: "5812",
      network_reference: reference,
    });
    expect(retried.json()).toMatchObject({ id: first.id, approved: true });
    // Tasks are queued in the order of the answers: once this later decision's task is there, any task for the two
    // before it would be too.
    await charge(card, "Hagkaup");
    const queued = pushTasks().flatMap((task) => task.data.authorization_ids as string[]);
    expect(queued).not.toContain(untold.json<{ id: string }>().id);
    expect(queued.filter((id) => id === first.id)).toHaveLength(1);
  });

  it("sends nothing to a colleague's devices", async () => {
    const colleague = await subscribedDevice(scene.callers.peer);
    await charge(await scene.issue(), "Hagkaup");
    await t.tasks.drain(PUSH_QUEUE);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.map((push) => push.subscription.endpoint)).not.toContain(colleague.sub.endpoint);
  });

  it("forgets a subscription the push service says is gone (410), and keeps the others", async () => {
    const gone = await subscribedDevice();
    const card = await scene.issue();
    answerWith = 410;
    await charge(card, "Krónan");
    await t.tasks.drain(PUSH_QUEUE);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, gone.id));
    expect(row?.pushToken).toBeNull();
    const device = await rest(scene.callers.holder, "GET", `/v1/devices/${gone.id}`);
    expect(device.json()).toMatchObject({ push_enabled: false });
    // Every device of the holder answered 410, so none is left: a new phone is the one the next push reaches.
    answerWith = 201;
    sent = [];
    const phone = await subscribedDevice();
    await charge(card, "Krónan");
    await t.tasks.drain(PUSH_QUEUE);
    expect(sent.map((push) => push.subscription.endpoint)).toEqual([phone.sub.endpoint]);
  });
});

describe("a reminder", () => {
  it("queues a push after commit that opens the reminded purchase", async () => {
    await subscribedDevice();
    const card = await scene.issue();
    const merchant = `Olís ${randomUUID().slice(0, 6)}`;
    const answer = await charge(card, merchant);
    const transaction = await t.db.execute<{ id: string }>(
      sql`select id from transactions where authorization_id = ${answer.id}`,
    );
    const transactionId = transaction.rows[0]?.id ?? "";
    await t.tasks.drain(PUSH_QUEUE);
    sent = [];
    const gql = graphqlFor(t);
    const reminded = await gql(
      "mutation($ids: [ID!]!) { remind_transaction(transaction_ids: $ids) { reminded } }",
      {
        ...scene.callers.owner.headers,
      },
      { ids: [transactionId] },
    );
    expect(reminded.errors, JSON.stringify(reminded.errors)).toBeUndefined();
    expect(pushTasks()).toEqual([
      {
        queue: PUSH_QUEUE,
        data: {
          kind: "reminder",
          project_id: scene.project.id,
          user_id: scene.callers.holder.id,
          transaction_ids: [transactionId],
        },
      },
    ]);
    await t.tasks.drain(PUSH_QUEUE);
    expect(sent[0]?.message).toMatchObject({
      title: "Áminning",
      body: `Bættu kvittun og flokki við kaupin hjá ${merchant}.`,
      url: `/app/transactions/${transactionId}`,
    });
    // The reminder's e-mail links to the same purchase in the app.
    const mail = await t.db.execute<{ body: string }>(
      sql`select body from outbox where body like ${`%${merchant}%`} order by created_at desc limit 1`,
    );
    expect(mail.rows[0]?.body).toContain(`/app/transactions/${transactionId}`);
    // The in-app notice the list shows is there too, with the purchase it opens.
    const list = await rest(scene.callers.holder, "GET", "/v1/notifications");
    expect(list.json()).toMatchObject({
      nodes: expect.arrayContaining([
        expect.objectContaining({
          kind: "transaction.reminder",
          payload: expect.objectContaining({ transaction_ids: [transactionId] }),
        }),
      ]),
    });
  });

  it("queues nothing when the reminder is refused", async () => {
    const refused = await graphqlFor(t)(
      "mutation($ids: [ID!]!) { remind_transaction(transaction_ids: $ids) { reminded } }",
      scene.callers.holder.headers,
      { ids: [randomUUID()] },
    );
    expect(refused.errors).toBeDefined();
    expect(pushTasks()).toEqual([]);
  });
});
