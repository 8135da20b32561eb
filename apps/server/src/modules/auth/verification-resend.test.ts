import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { auditLog, outbox } from "../../platform/db/schema/index.ts";
import { MINUTE, testClock } from "../../platform/http/testing/clock.ts";
import {
  client,
  codeIn,
  createSignInUser,
  type ErrorJson,
  type Pending,
  startSignIn,
  wrongCode,
} from "./testing/auth-fixtures.ts";

/** Spec 7, `GET /v1/verifications/{id}` and `POST /v1/verifications/{id}/start`: a code's state, and a new code. */

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

type Status = {
  id: string;
  status: string;
  channel: string;
  target_hint: string;
  expires_at: string;
  attempts_left: number;
};

/** The codes texted to a phone, oldest first. */
const codesTo = async (phone: string) =>
  (await t.db.select().from(outbox).where(eq(outbox.to, phone)).orderBy(outbox.createdAt, outbox.id)).map((row) =>
    codeIn(row.body),
  );

const started = async () => {
  const user = await createSignInUser(t.db);
  const send = client(t.app);
  const pending = (await startSignIn(send, user.email)).json<Pending>();
  const id = pending.verification_id;
  return {
    user,
    pending,
    status: () => send({ method: "GET", url: `/v1/verifications/${id}` }),
    resend: () => send({ method: "POST", url: `/v1/verifications/${id}/start` }),
    submit: (code: string) => send({ method: "POST", url: `/v1/verifications/${id}/data`, payload: { code } }),
  };
};

const errorCode = (response: { json: <T>() => T }) => response.json<ErrorJson>().error.code;

describe("a verification's state", () => {
  it("tells status, channel, where the code went in part, expiry and attempts left, and nothing else", async () => {
    const s = await started();
    const response = await s.status();
    expect(response.statusCode, response.body).toBe(200);
    const status = response.json<Status>();
    expect(Object.keys(status).sort()).toEqual([
      "attempts_left",
      "channel",
      "expires_at",
      "id",
      "status",
      "target_hint",
    ]);
    expect(status).toMatchObject({ status: "created", channel: "sms", target_hint: s.user.phone.slice(-3) });
    expect(status.attempts_left).toBe(5);
    await s.submit(wrongCode((await codesTo(s.user.phone))[0] ?? ""));
    expect((await s.status()).json<Status>().attempts_left).toBe(4);
    clock.advance(6 * MINUTE);
    expect((await s.status()).json<Status>().status).toBe("expired");
  });

  it("answers 404 for no verification and 422 for no id", async () => {
    const send = client(t.app);
    expect((await send({ method: "GET", url: `/v1/verifications/${crypto.randomUUID()}` })).statusCode).toBe(404);
    expect((await send({ method: "GET", url: "/v1/verifications/nope" })).statusCode).toBe(422);
  });
});

describe("a new code", () => {
  it("texts a new code that works where the old one no longer does, and audits it", async () => {
    const s = await started();
    const resent = await s.resend();
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<Status>()).toMatchObject({ status: "started", target_hint: s.user.phone.slice(-3) });
    const [first, second] = await codesTo(s.user.phone);
    if (!first || !second) throw new Error("two codes expected");
    if (first !== second) expect(errorCode(await s.submit(first))).toBe("INVALID_CODE");
    expect((await s.submit(second)).statusCode).toBe(200);
    expect((await s.status()).json<Status>().status).toBe("verified");
    expect(errorCode(await s.resend())).toBe("RESTART_REQUIRED");
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, s.pending.verification_id), eq(auditLog.action, "auth.code.resent")));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(second);
  });

  it("keeps counting wrong codes across sends, so asking again buys no guesses", async () => {
    const s = await started();
    const [code = ""] = await codesTo(s.user.phone);
    for (let i = 0; i < 3; i += 1) await s.submit(wrongCode(code));
    expect((await s.resend()).json<Status>().attempts_left).toBe(2);
  });

  it("sends at most three new codes in 15 minutes", async () => {
    const s = await started();
    for (let i = 0; i < 3; i += 1) expect((await s.resend()).statusCode).toBe(200);
    const refused = await s.resend();
    expect(errorCode(refused)).toBe("RATE_LIMITED");
    expect(await codesTo(s.user.phone)).toHaveLength(4);
  });

  it("never outlives the sign-in it belongs to", async () => {
    const s = await started();
    clock.advance(8 * MINUTE);
    const resent = (await s.resend()).json<Status>();
    expect(resent.expires_at).toBe(s.pending.expires_at);
    clock.advance(3 * MINUTE);
    expect(errorCode(await s.resend())).toBe("RESTART_REQUIRED");
  });
});
