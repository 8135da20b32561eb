import { generateKeyPairSync, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import { auditLog } from "../../platform/db/schema/index.ts";
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

/** A public key as WebCrypto's `exportKey("spki")` gives it, base64url. */
const spki = (curve: "P-256" | "P-384" = "P-256") =>
  generateKeyPairSync("ec", { namedCurve: curve })
    .publicKey.export({ format: "der", type: "spki" })
    .toString("base64url");

describe("PUT /v1/devices/key (spec 7)", () => {
  it("stores a P-256 key on the caller's own device, replaces it, and audits both changes by fingerprint", async () => {
    const id = randomUUID();
    await call(scene.callers.holder, "PUT", `/v1/devices/${id}`, { make: "web" });
    const first = spki();
    const set = await call(scene.callers.holder, "PUT", "/v1/devices/key", { device_id: id, public_key: first });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id, public_key: first });
    const second = spki();
    const replaced = await call(scene.callers.holder, "PUT", "/v1/devices/key", { device_id: id, public_key: second });
    expect(replaced.json()).toMatchObject({ public_key: second });
    expect((await call(scene.callers.holder, "GET", `/v1/devices/${id}`)).json()).toMatchObject({ public_key: second });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, id), eq(auditLog.action, "device.set_key")))
      .orderBy(auditLog.createdAt, auditLog.id);
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ actorUserId: scene.callers.holder.id, data: { from: null } });
    const [a, b] = audits.map((row) => row.data as { from: string | null; to: string });
    expect(b?.from).toBe(a?.to);
    expect(b?.to).not.toBe(a?.to);
    expect(JSON.stringify(audits)).not.toContain(first);
  });

  it("answers NOT_FOUND for another person's device or one never registered, and leaves the key alone", async () => {
    const id = randomUUID();
    await call(scene.callers.holder, "PUT", `/v1/devices/${id}`, { make: "web" });
    const mine = spki();
    await call(scene.callers.holder, "PUT", "/v1/devices/key", { device_id: id, public_key: mine });
    const taken = await call(scene.callers.peer, "PUT", "/v1/devices/key", { device_id: id, public_key: spki() });
    expect(taken.statusCode).toBe(404);
    expect(taken.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    const unknown = await call(scene.callers.holder, "PUT", "/v1/devices/key", {
      device_id: randomUUID(),
      public_key: spki(),
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call(scene.callers.holder, "GET", `/v1/devices/${id}`)).json()).toMatchObject({ public_key: mine });
  });

  it("refuses what is not a P-256 SPKI key with VALIDATION_FAILED, and no session with 401", async () => {
    const id = randomUUID();
    await call(scene.callers.holder, "PUT", `/v1/devices/${id}`, { make: "web" });
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 })
      .publicKey.export({ format: "der", type: "spki" })
      .toString("base64url");
    const raw = generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ format: "jwk" }).x as string;
    for (const public_key of [spki("P-384"), rsa, raw, "bm90IGEga2V5", "not base64!", "", "A".repeat(500)]) {
      const refused = await call(scene.callers.holder, "PUT", "/v1/devices/key", { device_id: id, public_key });
      expect(refused.statusCode, public_key).toBe(422);
      expect(refused.json()).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
    }
    const noDevice = await call(scene.callers.holder, "PUT", "/v1/devices/key", { public_key: spki() });
    expect(noDevice.statusCode).toBe(422);
    expect((await call(null, "PUT", "/v1/devices/key", { device_id: id, public_key: spki() })).statusCode).toBe(401);
    expect((await call(scene.callers.holder, "GET", `/v1/devices/${id}`)).json()).toMatchObject({ public_key: null });
  });
});
