import { generateKeyPairSync, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCardsTestApp } from "../modules/cards/testing/cards-scene.ts";
import {
  createFundingScene,
  type FundingScene,
  HOLDER_PASSCODE,
  restFor,
} from "../modules/funding-sources/testing/funding-scene.ts";
import { fixtures, multipart } from "../modules/receipts/testing/receipts-scene.ts";
import { apiRoutes } from "./routes.ts";
import type { TestApp } from "./testing/test-app.ts";

/**
 * Issue 17's check: an employee's token cannot reach another employee's card or transactions over any /v1 route.
 * Every registered route with a path parameter is called by the employee with the ids of a colleague in the same
 * team (their card, their purchase, their receipt) in every parameter, with a body a real client would send; none
 * may succeed or answer with anything of the colleague's. A new /v1 route is covered by being registered.
 */

let t: TestApp;
let scene: FundingScene;
let rest: ReturnType<typeof restFor>;
const peer = { cardId: "", pan: "", transactionId: "", receiptId: "", merchant: `Hús ${randomUUID().slice(0, 6)}` };

beforeAll(async () => {
  const app = await createCardsTestApp();
  t = app.t;
  rest = restFor(t);
  scene = await createFundingScene(t, app.key);
  const card = await scene.issue({ cardholderId: scene.callers.peer.id });
  peer.cardId = card.id;
  peer.pan = card.pan;
  const charged = await t.app.inject({
    method: "POST",
    url: "/v1/network/authorizations",
    headers: { "x-network-key": "demo-network-key" },
    payload: {
      pan: card.pan,
      expiry_month: card.expirationMonth,
      expiry_year: card.expirationYear,
      amount: 4_200,
      currency: "ISK",
      merchant_name: peer.merchant,
      mcc: "5812",
      merchant_country: "IS",
    },
  });
  expect(charged.json()).toMatchObject({ approved: true });
  const own = await rest(scene.callers.peer, "GET", "/v1/transactions");
  peer.transactionId = (own.json() as { nodes: Array<{ id: string }> }).nodes[0]?.id ?? "";
  const { png } = await fixtures();
  const form = multipart([{ field: "file", fileName: "kvittun.png", type: "image/png", data: png }]);
  const uploaded = await t.app.inject({
    method: "POST",
    url: `/v1/transactions/${peer.transactionId}/receipts`,
    headers: { ...scene.callers.peer.headers, "content-type": form.contentType, "idempotency-key": randomUUID() },
    payload: form.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  peer.receiptId = (uploaded.json() as { id: string }).id;
});
afterAll(() => t.close());

/** What a client would send to a route, so a refusal is the policy's and not the body's shape. */
const bodyFor = (path: string): object | undefined => {
  if (path.endsWith("/sensitive")) return { passcode: HOLDER_PASSCODE };
  if (path.endsWith("/pin/set")) return { pin: "4821", passcode: HOLDER_PASSCODE };
  if (path.endsWith("/webauthn/registration/options")) return { passcode: HOLDER_PASSCODE };
  if (path.includes("/transactions/:tid")) return { comment: "mín athugasemd" };
  return undefined;
};

describe("an employee and a colleague's objects", () => {
  it("has a colleague with a card, a purchase and a receipt, which the colleague reaches", async () => {
    const card = await rest(scene.callers.peer, "GET", `/v1/funding_sources/${peer.cardId}`);
    expect(card.statusCode).toBe(200);
    const purchase = await rest(scene.callers.peer, "GET", `/v1/transactions/${peer.transactionId}`);
    expect(purchase.json()).toMatchObject({ merchant: peer.merchant });
  });

  it("reaches none of them over any /v1 route", async () => {
    const routes = apiRoutes({ demoMode: true }).filter((route) => route.path.includes("/:"));
    expect(routes.length).toBeGreaterThan(20);
    const ids = [peer.cardId, peer.transactionId, peer.receiptId];
    const reached: string[] = [];
    for (const route of routes) {
      for (const id of ids) {
        const url = route.path.replace(":tid", peer.transactionId).replace(/:[a-z_]+/g, id);
        const response = await rest(scene.callers.holder, route.method as "GET", url, bodyFor(route.path));
        const leaks = [peer.pan, peer.merchant, peer.cardId, peer.receiptId].some((secret) =>
          response.body.includes(secret),
        );
        if (response.statusCode < 400 || leaks) reached.push(`${route.method} ${url} ${response.statusCode}`);
      }
    }
    expect(reached).toEqual([]);
  });

  it("cannot set, read or take over a colleague's device by its id in a body (PUT /v1/devices/key)", async () => {
    const deviceId = randomUUID();
    const registered = await rest(scene.callers.peer, "PUT", `/v1/devices/${deviceId}`, { make: "web" });
    expect(registered.statusCode).toBe(200);
    const key = generateKeyPairSync("ec", { namedCurve: "P-256" })
      .publicKey.export({ format: "der", type: "spki" })
      .toString("base64url");
    const taken = await rest(scene.callers.holder, "PUT", "/v1/devices/key", { device_id: deviceId, public_key: key });
    expect(taken.statusCode).toBe(404);
    expect(taken.body).not.toContain(deviceId);
    const own = await rest(scene.callers.peer, "GET", `/v1/devices/${deviceId}`);
    expect(own.json()).toMatchObject({ public_key: null });
  });

  it("lists none of them in the employee's own lists", async () => {
    for (const url of ["/v1/funding_sources", "/v1/transactions", "/v1/transactions?todo=MissingReceipt"]) {
      const response = await rest(scene.callers.holder, "GET", url);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(peer.cardId);
      expect(response.body).not.toContain(peer.merchant);
    }
  });
});
