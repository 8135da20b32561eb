import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { idempotencyRecords, sessions, users } from "../../platform/db/schema/index.ts";
import { DAY, HOUR, testClock } from "../../platform/http/testing/clock.ts";
import { createToken, createUser } from "../../platform/http/testing/fixtures.ts";
import { client, createSignInUser, type ErrorJson, type Send, signIn } from "./testing/auth-fixtures.ts";

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => {
  await t.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const renew = (send: Send, token: string) => send({ method: "POST", url: "/v1/sessions", headers: bearer(token) });
const me = (send: Send, headers: Record<string, string>) => send({ method: "GET", url: "/v1/users/current", headers });

const signedIn = async () => {
  const user = await createSignInUser(t.db);
  const send = client(t.app);
  const approved = await signIn(send, t.db, user);
  return { user, send, token: approved.token, tokenId: approved.id };
};

describe("sessions", () => {
  it("renews a session: a new token that works, and the old one retired", async () => {
    const s = await signedIn();
    const renewed = await renew(s.send, s.token);
    expect(renewed.statusCode).toBe(200);
    const body = renewed.json<{ id: string; token: string; status: string; expires_at: string }>();
    expect(body.status).toBe("approved");
    expect(body.token).not.toBe(s.token);
    expect((await me(s.send, bearer(body.token))).statusCode).toBe(200);
    expect((await me(s.send, bearer(s.token))).statusCode).toBe(401);
    expect((await renew(s.send, s.token)).statusCode).toBe(401);
  });

  it("never stores a token-bearing answer for Idempotency-Key replay (tokens exist only as hashes)", async () => {
    const s = await signedIn();
    const renewed = await s.send({
      method: "POST",
      url: "/v1/sessions",
      headers: { ...bearer(s.token), "idempotency-key": "renew-once" },
    });
    expect(renewed.statusCode).toBe(200);
    const stored = await t.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, "renew-once"));
    expect(stored).toEqual([]);
  });

  it("renews a token that expired less than 12 hours ago, not one that expired longer ago", async () => {
    const s = await signedIn();
    clock.advance(2 * HOUR);
    const renewed = await renew(s.send, s.token);
    expect(renewed.statusCode).toBe(200);
    const { token } = renewed.json<{ token: string }>();
    clock.advance(14 * HOUR);
    const late = await renew(s.send, token);
    expect(late.statusCode).toBe(401);
    expect(late.json<ErrorJson>().error.code).toBe("UNAUTHENTICATED");
  });

  it("does not renew a session that began 30 days ago", async () => {
    const s = await signedIn();
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(clock.now().getTime() - 31 * DAY), expiresAt: new Date(clock.now().getTime() - DAY) })
      .where(eq(sessions.userId, s.user.id));
    expect((await renew(s.send, s.token)).statusCode).toBe(401);
  });

  it("keeps the session's start across renewals", async () => {
    const s = await signedIn();
    const [before] = await t.db.select().from(sessions).where(eq(sessions.userId, s.user.id));
    const { token } = (await renew(s.send, s.token)).json<{ token: string }>();
    await renew(s.send, token);
    const after = await t.db.select().from(sessions).where(eq(sessions.userId, s.user.id));
    expect(after).toHaveLength(1);
    expect(after[0]?.createdAt).toEqual(before?.createdAt);
  });

  it("renews a token made without a session row (counted from its approval)", async () => {
    const user = await createUser(t.db);
    const token = await createToken(t.db, user.id, { expiresAt: new Date(clock.now().getTime() + HOUR) });
    expect((await renew(client(t.app), token)).statusCode).toBe(200);
  });

  it("verifies a session: active, then renewable after it expired, then gone", async () => {
    const s = await signedIn();
    const verify = () => s.send({ method: "GET", url: "/v1/sessions/verify", headers: bearer(s.token) });
    const active = await verify();
    expect(active.statusCode).toBe(200);
    expect(active.json()).toMatchObject({ id: s.tokenId, user_id: s.user.id, status: "approved", active: true });
    clock.advance(2 * HOUR);
    expect((await verify()).json()).toMatchObject({ active: false });
    clock.advance(11 * HOUR);
    expect((await verify()).statusCode).toBe(401);
    expect((await s.send({ method: "GET", url: "/v1/sessions/verify" })).statusCode).toBe(401);
  });

  it("refuses renewal to a user an admin must unlock, with 403", async () => {
    const s = await signedIn();
    await t.db.update(users).set({ lockedPermanently: true }).where(eq(users.id, s.user.id));
    const refused = await renew(s.send, s.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorJson>().error.code).toBe("USER_LOCKED_CONTACT_ADMIN");
  });

  it("answers 401 to renewal without a token, or with one that was never approved", async () => {
    const send = client(t.app);
    expect((await send({ method: "POST", url: "/v1/sessions" })).statusCode).toBe(401);
    const user = await createUser(t.db);
    const pending = await createToken(t.db, user.id, { status: "created" });
    expect((await renew(send, pending)).statusCode).toBe(401);
  });
});

describe("sign-out", () => {
  it("revokes the bearer token: no requests, no renewal", async () => {
    const s = await signedIn();
    const out = await s.send({ method: "DELETE", url: "/v1/tokens", headers: bearer(s.token) });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe("");
    expect((await me(s.send, bearer(s.token))).statusCode).toBe(401);
    expect((await renew(s.send, s.token)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, s.user.id))).toEqual([]);
  });

  it("takes the token as the user name of Basic auth", async () => {
    const s = await signedIn();
    const basic = `Basic ${Buffer.from(`${s.token}:`).toString("base64")}`;
    // Basic is no session anywhere else: browsers replay it by themselves.
    expect((await me(s.send, { authorization: basic })).statusCode).toBe(401);
    const out = await s.send({ method: "DELETE", url: "/v1/tokens", headers: { authorization: basic } });
    expect(out.statusCode).toBe(204);
    expect((await me(s.send, bearer(s.token))).statusCode).toBe(401);
  });

  it("signs out an expired but renewable token too, so it cannot be renewed later", async () => {
    const s = await signedIn();
    clock.advance(2 * HOUR);
    expect((await s.send({ method: "DELETE", url: "/v1/tokens", headers: bearer(s.token) })).statusCode).toBe(204);
    expect((await renew(s.send, s.token)).statusCode).toBe(401);
  });

  it("answers 401 without credentials and 204 for a token it does not know", async () => {
    const send = client(t.app);
    expect((await send({ method: "DELETE", url: "/v1/tokens" })).statusCode).toBe(401);
    expect((await send({ method: "DELETE", url: "/v1/tokens", headers: bearer("nope") })).statusCode).toBe(204);
    const garbled = await send({ method: "DELETE", url: "/v1/tokens", headers: { authorization: "Basic !!!" } });
    expect(garbled.statusCode).toBe(401);
  });
});
