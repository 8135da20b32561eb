import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { hashPasscode } from "../../platform/crypto/passwords.ts";
import { users } from "../../platform/db/schema/index.ts";
import { createFundingScene, type FundingScene, HOLDER_PASSCODE } from "../funding-sources/testing/funding-scene.ts";
import { softAuthenticator } from "./testing/soft-authenticator.ts";

/**
 * Issue 17: unlock with the phone's biometrics. Registration for the caller's own device after the passcode again;
 * an unlock gives a session as the passcode does; and every way an answer can be wrong is refused with
 * WEBAUTHN_FAILED: a challenge other than the one given, a challenge used twice, another person's credential, a
 * replayed signature counter.
 */

const ORIGIN = "https://kort.example";
const PEER_PASSCODE = "1357";
let t: TestApp;
let scene: FundingScene;

beforeAll(async () => {
  const key = randomBytes(32);
  t = await createTestApp({ env: { KORT_CARD_KEY: key.toString("base64"), KORT_PUBLIC_URL: ORIGIN } });
  scene = await createFundingScene(t, key);
  await t.db
    .update(users)
    .set({ passcodeHash: await hashPasscode(PEER_PASSCODE) })
    .where(eq(users.id, scene.callers.peer.id));
});
afterAll(() => t.close());

type Who = { headers: Record<string, string> };
type Options = { challenge_id: string; options: { challenge: string; rp?: { id: string } } };

const post = (url: string, payload: object, who?: Who) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { ...(who?.headers ?? {}), "idempotency-key": randomUUID() },
    payload,
  });

/** A device of `who` with unlock turned on through the two calls, and its authenticator. */
const enrolled = async (who: Who, passcode = HOLDER_PASSCODE) => {
  const deviceId = randomUUID();
  const put = await t.app.inject({
    method: "PUT",
    url: `/v1/devices/${deviceId}`,
    headers: who.headers,
    payload: { make: "web" },
  });
  expect(put.statusCode, put.body).toBe(200);
  const authenticator = softAuthenticator(ORIGIN);
  const options = await post(`/v1/devices/${deviceId}/webauthn/registration/options`, { passcode }, who);
  expect(options.statusCode, options.body).toBe(200);
  const { challenge_id, options: creation } = options.json<Options>();
  expect(creation.rp?.id).toBe("kort.example");
  const verified = await post(
    `/v1/devices/${deviceId}/webauthn/registration/verify`,
    { challenge_id, response: authenticator.register(creation) },
    who,
  );
  expect(verified.statusCode, verified.body).toBe(200);
  expect(verified.json()).toEqual({ device_id: deviceId, unlock_enabled: true });
  return { deviceId, authenticator };
};

const unlockOptions = async (deviceId: string) => {
  const answer = await post("/v1/auth/webauthn/authentication/options", { device_id: deviceId });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Options>();
};

const verify = (challengeId: string, response: object) =>
  post("/v1/auth/webauthn/authentication/verify", { challenge_id: challengeId, response });

describe("unlock with biometrics", () => {
  it("turns on for the caller's device after the passcode, and unlocks into a session as the passcode does", async () => {
    const { deviceId, authenticator } = await enrolled(scene.callers.holder);
    const { challenge_id, options } = await unlockOptions(deviceId);
    const unlocked = await verify(challenge_id, authenticator.assert(options));
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const { token } = unlocked.json<{ token: string; status: string }>();
    expect(unlocked.json()).toMatchObject({ status: "approved" });
    const me = await t.app.inject({
      method: "GET",
      url: "/v1/users/current",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.body).toContain(scene.callers.holder.id);
    const session = await t.app.inject({
      method: "GET",
      url: "/v1/sessions/verify",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.json()).toMatchObject({ user_id: scene.callers.holder.id, active: true });
    // The secret never reaches the logs.
    expect(JSON.stringify(t.logs)).not.toContain(token);
  });

  it("asks the passcode first, counting a wrong one, and only for the caller's own device", async () => {
    const deviceId = randomUUID();
    await t.app.inject({
      method: "PUT",
      url: `/v1/devices/${deviceId}`,
      headers: scene.callers.holder.headers,
      payload: { make: "web" },
    });
    const wrong = await post(
      `/v1/devices/${deviceId}/webauthn/registration/options`,
      { passcode: "0000" },
      scene.callers.holder,
    );
    expect(wrong.json()).toMatchObject({ error: { code: "INVALID_PASSCODE" } });
    const someoneElses = await post(
      `/v1/devices/${deviceId}/webauthn/registration/options`,
      { passcode: HOLDER_PASSCODE },
      scene.callers.peer,
    );
    expect(someoneElses.statusCode).toBe(404);
    const noSession = await post(`/v1/devices/${deviceId}/webauthn/registration/options`, { passcode: "1234" });
    expect(noSession.statusCode).toBe(401);
    // The holder's right passcode resets the count the wrong one started.
    const right = await post(
      `/v1/devices/${deviceId}/webauthn/registration/options`,
      { passcode: HOLDER_PASSCODE },
      scene.callers.holder,
    );
    expect(right.statusCode).toBe(200);
  });

  it("answers NOT_FOUND for a device without unlock, so the app asks the passcode", async () => {
    const answer = await post("/v1/auth/webauthn/authentication/options", { device_id: randomUUID() });
    expect(answer.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    expect((await post("/v1/auth/webauthn/authentication/options", { device_id: "nope" })).statusCode).toBe(422);
  });

  it("refuses an answer that signs another challenge, and a challenge used twice", async () => {
    const { deviceId, authenticator } = await enrolled(scene.callers.holder);
    const first = await unlockOptions(deviceId);
    const forged = await verify(
      first.challenge_id,
      authenticator.assert({ challenge: randomBytes(32).toString("base64url") }),
    );
    expect(forged.json()).toMatchObject({ error: { code: "WEBAUTHN_FAILED" } });
    // The refused challenge is spent: the right answer to it comes too late.
    const late = await verify(first.challenge_id, authenticator.assert(first.options));
    expect(late.json()).toMatchObject({ error: { code: "WEBAUTHN_FAILED" } });
    const second = await unlockOptions(deviceId);
    const ok = await verify(second.challenge_id, authenticator.assert(second.options));
    expect(ok.statusCode).toBe(200);
    const again = await verify(second.challenge_id, authenticator.assert(second.options));
    expect(again.json()).toMatchObject({ error: { code: "WEBAUTHN_FAILED" } });
  });

  it("refuses another person's credential answering this device's challenge", async () => {
    const mine = await enrolled(scene.callers.holder);
    const theirs = await enrolled(scene.callers.peer, PEER_PASSCODE);
    const { challenge_id, options } = await unlockOptions(mine.deviceId);
    const answer = await verify(challenge_id, theirs.authenticator.assert(options));
    expect(answer.json()).toMatchObject({ error: { code: "WEBAUTHN_FAILED" } });
  });

  it("refuses a replayed signature counter", async () => {
    const { deviceId, authenticator } = await enrolled(scene.callers.holder);
    const first = await unlockOptions(deviceId);
    expect((await verify(first.challenge_id, authenticator.assert(first.options, { counter: 7 }))).statusCode).toBe(
      200,
    );
    const second = await unlockOptions(deviceId);
    const replay = await verify(second.challenge_id, authenticator.assert(second.options, { counter: 7 }));
    expect(replay.json()).toMatchObject({ error: { code: "WEBAUTHN_FAILED" } });
    const third = await unlockOptions(deviceId);
    expect((await verify(third.challenge_id, authenticator.assert(third.options, { counter: 8 }))).statusCode).toBe(
      200,
    );
  });

  it("turns off: the device then unlocks no more", async () => {
    const { deviceId } = await enrolled(scene.callers.holder);
    const off = await t.app.inject({
      method: "DELETE",
      url: `/v1/devices/${deviceId}/webauthn`,
      headers: scene.callers.holder.headers,
    });
    expect(off.json()).toEqual({ device_id: deviceId, unlock_enabled: false });
    const answer = await post("/v1/auth/webauthn/authentication/options", { device_id: deviceId });
    expect(answer.statusCode).toBe(404);
  });
});
