import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import { createCardsTestApp } from "../cards/testing/cards-scene.ts";
import { createFundingScene, type FundingScene } from "../funding-sources/testing/funding-scene.ts";

let t: TestApp;
let scene: FundingScene;
beforeAll(async () => {
  const app = await createCardsTestApp();
  t = app.t;
  scene = await createFundingScene(t, app.key);
});
afterAll(() => t.close());

const call = (
  who: { headers: Record<string, string> } | null,
  method: "GET" | "PUT" | "POST",
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who?.headers ?? {}), ...(method === "POST" ? { "idempotency-key": randomUUID() } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });

describe("devices (spec 7)", () => {
  it("registers the caller's phone, updates it on the next sign-in, and takes its push token", async () => {
    const id = randomUUID();
    const first = await call(scene.callers.holder, "PUT", `/v1/devices/${id}`, { make: "web", model: "Pixel 8" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id, make: "web", model: "Pixel 8", name: null, push_enabled: false });
    const again = await call(scene.callers.holder, "PUT", `/v1/devices/${id}`, { make: "web", name: "Síminn minn" });
    expect(again.json()).toMatchObject({ id, name: "Síminn minn", model: null });
    const token = await call(scene.callers.holder, "POST", "/v1/devices/tokens", {
      device_id: id,
      token: JSON.stringify({ endpoint: "https://push.example/abc", keys: { p256dh: "x", auth: "y" } }),
    });
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json()).toMatchObject({ push_enabled: true });
    expect(token.body).not.toContain("push.example");
    const read = await call(scene.callers.holder, "GET", `/v1/devices/${id}`);
    expect(read.json()).toMatchObject({ id, name: "Síminn minn", push_enabled: true });
  });

  it("never lets another person read, take over or point pushes at someone's device", async () => {
    const id = randomUUID();
    await call(scene.callers.holder, "PUT", `/v1/devices/${id}`, { make: "web" });
    expect((await call(scene.callers.peer, "GET", `/v1/devices/${id}`)).statusCode).toBe(404);
    const takeover = await call(scene.callers.peer, "PUT", `/v1/devices/${id}`, { make: "evil", name: "mine now" });
    expect(takeover.statusCode).toBe(404);
    const push = await call(scene.callers.peer, "POST", "/v1/devices/tokens", {
      device_id: id,
      token: JSON.stringify({ endpoint: "https://push.example/evil", keys: { p256dh: "x", auth: "y" } }),
    });
    expect(push.statusCode).toBe(404);
    expect((await call(scene.callers.holder, "GET", `/v1/devices/${id}`)).json()).toMatchObject({
      make: "web",
      name: null,
      push_enabled: false,
    });
  });

  it("refuses without a session, and a body that is not one", async () => {
    expect((await call(null, "PUT", `/v1/devices/${randomUUID()}`, { make: "web" })).statusCode).toBe(401);
    expect((await call(scene.callers.holder, "PUT", `/v1/devices/${randomUUID()}`, {})).statusCode).toBe(422);
    expect((await call(scene.callers.holder, "PUT", "/v1/devices/not-a-uuid", { make: "web" })).statusCode).toBe(422);
  });
});
