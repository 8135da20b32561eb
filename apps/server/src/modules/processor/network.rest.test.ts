import { addDaysUtc } from "@kort/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { AUTHORIZATION_EXPIRY_DAYS, expireStaleAuthorizations } from "./authorization-expiry.service.ts";
import { createProcessorScene, testCardKey } from "./testing/processor-scene.ts";

const key = testCardKey();
const NETWORK_KEY = "test-network-key-0123456789";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { KORT_CARD_KEY: key.toString("base64"), KORT_NETWORK_KEY: NETWORK_KEY } });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, networkKey: string | null = NETWORK_KEY) =>
  t.app.inject({
    method: "POST",
    url,
    payload: payload as Record<string, unknown>,
    headers: networkKey === null ? {} : { "x-network-key": networkKey },
  });

const purchase = (card: { pan: string; expirationMonth: number; expirationYear: number }, amount: number) => ({
  pan: card.pan,
  expiry_month: card.expirationMonth,
  expiry_year: card.expirationYear,
  amount,
  currency: "ISK",
  merchant_name: "Kaffitár",
  mcc: "5814",
  merchant_country: "IS",
});

describe("the card network interface", () => {
  it("refuses a missing or wrong network key", async () => {
    const scene = await createProcessorScene(t.db, { now: () => new Date(), key });
    const card = await scene.issue();
    expect((await post("/v1/network/authorizations", purchase(card, 100), null)).statusCode).toBe(401);
    const wrong = await post("/v1/network/authorizations", purchase(card, 100), "not-the-key-at-all");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
  });

  it("answers 422, never 500, for bad input", async () => {
    const bodies = [
      {},
      { pan: "12" },
      { ...purchase({ pan: "4000001234567899", expirationMonth: 13, expirationYear: 2029 }, 100) },
      { ...purchase({ pan: "4000001234567899", expirationMonth: 1, expirationYear: 2029 }, -5) },
      { ...purchase({ pan: "4000001234567899", expirationMonth: 1, expirationYear: 2029 }, 1.5) },
      { ...purchase({ pan: "4000001234567899", expirationMonth: 1, expirationYear: 2029 }, 100), currency: "XXX" },
      { ...purchase({ pan: "4000001234567899", expirationMonth: 1, expirationYear: 2029 }, 100), mcc: "54" },
    ];
    for (const body of bodies) {
      expect((await post("/v1/network/authorizations", body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await post("/v1/network/clearings", { authorization_id: "nope", amount: 1 })).statusCode).toBe(422);
    expect((await post("/v1/network/refunds", { amount: 1 })).statusCode).toBe(422);
    const notUuid = await t.app.inject({
      method: "POST",
      url: "/v1/network/authorizations/nope/reversal",
      headers: { "x-network-key": NETWORK_KEY },
    });
    expect(notUuid.statusCode).toBe(422);
  });

  it("authorizes, clears and refunds over HTTP, and never logs the PAN", async () => {
    const scene = await createProcessorScene(t.db, { now: () => new Date(), key });
    const card = await scene.issue({ sumAmount: 5000 });
    const approved = await post("/v1/network/authorizations", purchase(card, 4000));
    expect(approved.statusCode).toBe(200);
    const answer = approved.json() as {
      id: string;
      approved: boolean;
      decline_code: string | null;
      amount_isk: number;
    };
    expect(answer).toMatchObject({ approved: true, decline_code: null, amount_isk: 4000 });

    const declined = (await post("/v1/network/authorizations", purchase(card, 1001))).json();
    expect(declined).toMatchObject({ approved: false, decline_code: "PERIOD_SUM" });

    const clearing = await post("/v1/network/clearings", { authorization_id: answer.id, amount: 3500 });
    expect(clearing.statusCode).toBe(201);
    expect(clearing.json()).toMatchObject({ authorization_id: answer.id, amount_isk: 3500 });
    const refund = await post("/v1/network/refunds", { authorization_id: answer.id, amount: 500 });
    expect(refund.statusCode).toBe(201);
    expect(refund.json()).toMatchObject({ amount_isk: -500 });
    const tooMuch = await post("/v1/network/refunds", { authorization_id: answer.id, amount: 3001 });
    expect(tooMuch.statusCode).toBe(400);

    const second = (await post("/v1/network/authorizations", purchase(card, 1000))).json() as { id: string };
    const reversal = await t.app.inject({
      method: "POST",
      url: `/v1/network/authorizations/${second.id}/reversal`,
      headers: { "x-network-key": NETWORK_KEY },
    });
    expect(reversal.json()).toEqual({ id: second.id, status: "reversed" });
    expect(JSON.stringify(t.logs)).not.toContain(card.pan);
  });
});

describe("late network calls", () => {
  const reverse = (id: string) =>
    t.app.inject({
      method: "POST",
      url: `/v1/network/authorizations/${id}/reversal`,
      headers: { "x-network-key": NETWORK_KEY },
    });

  it("answers a reversal of an expired authorization with its status, and refuses one of a cleared purchase", async () => {
    const scene = await createProcessorScene(t.db, { now: () => new Date(), key });
    const card = await scene.issue({ sumAmount: 5000 });
    const kept = (await post("/v1/network/authorizations", purchase(card, 1000))).json() as { id: string };
    const cleared = (await post("/v1/network/authorizations", purchase(card, 2000))).json() as { id: string };
    expect((await post("/v1/network/clearings", { authorization_id: cleared.id, amount: 2000 })).statusCode).toBe(201);
    // The network never came back for `kept`: after the expiry age the job releases it.
    await expireStaleAuthorizations(t.db, addDaysUtc(new Date(), AUTHORIZATION_EXPIRY_DAYS + 1));

    const late = await reverse(kept.id);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ id: kept.id, status: "expired" });
    expect((await reverse(kept.id)).json()).toEqual({ id: kept.id, status: "expired" });
    const settled = await reverse(cleared.id);
    expect(settled.statusCode).toBe(400);
    expect(settled.json()).toMatchObject({ error: { code: "CONFLICT" } });
    // Only the cleared purchase is spent on the card: the expired one released its 1.000 kr. once.
    expect((await post("/v1/network/authorizations", purchase(card, 3000))).json()).toMatchObject({ approved: true });
    expect((await post("/v1/network/authorizations", purchase(card, 1))).json()).toMatchObject({
      approved: false,
      decline_code: "PERIOD_SUM",
    });
  });
});

describe("without a configured network key", () => {
  it("refuses every network call in production", async () => {
    const production = await createTestApp({ env: { KORT_ENV: "production", KORT_CARD_KEY: key.toString("base64") } });
    try {
      const response = await production.app.inject({
        method: "POST",
        url: "/v1/network/clearings",
        payload: { authorization_id: "00000000-0000-4000-8000-000000000000", amount: 1 },
        headers: { "x-network-key": "demo-network-key" },
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await production.close();
    }
  });

  it("takes the demo key in demo mode", async () => {
    const demo = await createTestApp({ env: { KORT_CARD_KEY: key.toString("base64") } });
    try {
      const response = await demo.app.inject({
        method: "POST",
        url: "/v1/network/authorizations/00000000-0000-4000-8000-000000000000/reversal",
        headers: { "x-network-key": "demo-network-key" },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await demo.close();
    }
  });
});

describe("network retries over HTTP", () => {
  it("answer a repeated authorization and refund with the stored answers", async () => {
    const scene = await createProcessorScene(t.db, { now: () => new Date(), key });
    const card = await scene.issue();
    const body = { ...purchase(card, 2_500), network_reference: "rest-retry-1" };
    const first = await post("/v1/network/authorizations", body);
    const again = await post("/v1/network/authorizations", body);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const id: string = first.json().id;
    const cleared = await post("/v1/network/clearings", { authorization_id: id, amount: 2_500 });
    expect((await post("/v1/network/clearings", { authorization_id: id, amount: 2_500 })).json()).toEqual(
      cleared.json(),
    );
    const refund = { authorization_id: id, amount: 500, network_reference: "rest-refund-1" };
    const refunded = await post("/v1/network/refunds", refund);
    expect(refunded.statusCode).toBe(201);
    expect((await post("/v1/network/refunds", refund)).json()).toEqual(refunded.json());
    const tooLong = await post("/v1/network/authorizations", { ...body, network_reference: "x".repeat(65) });
    expect(tooLong.statusCode).toBe(422);
  });
});
