import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { auditLog, outbox, users } from "../../platform/db/schema/index.ts";
import {
  client,
  codeIn,
  createSignInUser,
  DEMO_PIN,
  type ErrorJson,
  latestMessage,
  type Send,
  signIn,
  uniquePhone,
  wrongCode,
} from "./testing/auth-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const start = (send: Send, token: string, payload: Record<string, unknown>) =>
  send({ method: "POST", url: "/v1/users/current/phone", headers: bearer(token), payload });

const confirm = (send: Send, token: string, payload: Record<string, unknown>) =>
  send({ method: "PUT", url: "/v1/users/current/phone", headers: bearer(token), payload });

type Started = { verification_id: string; expires_at: string; phone_hint: string };

const phoneOf = async (userId: string) =>
  (await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)))[0]?.phone;

/** A signed-in person who asked to move to a new number, with the code that was sent there. */
const startedChange = async () => {
  const user = await createSignInUser(t.db);
  const send = client(t.app);
  const { token } = await signIn(send, t.db, user);
  const next = uniquePhone();
  const { verification_id } = (await start(send, token, { phone: next, passcode: DEMO_PIN })).json<Started>();
  const code = codeIn((await latestMessage(t.db, next)).body);
  return { user, send, token, verification_id, code };
};

describe("changing one's phone number", () => {
  it("sends a code to the new number and moves sign-in codes there once it comes back", async () => {
    const user = await createSignInUser(t.db);
    const send = client(t.app);
    const { token } = await signIn(send, t.db, user);
    const next = uniquePhone();
    const typed = `${next.slice(4, 7)} ${next.slice(7)}`;

    const started = await start(send, token, { phone: typed, passcode: DEMO_PIN });
    expect(started.statusCode).toBe(201);
    const { verification_id, phone_hint } = started.json<Started>();
    expect(phone_hint).toBe(next.slice(-3));
    // Nothing changes until the code comes back.
    expect(await phoneOf(user.id)).toBe(user.phone);

    const code = codeIn((await latestMessage(t.db, next)).body);
    const wrong = await confirm(send, token, { verification_id, code: wrongCode(code) });
    expect(wrong.json<ErrorJson>().error).toMatchObject({ code: "INVALID_CODE", details: { attempts_left: 4 } });
    const done = await confirm(send, token, { verification_id, code });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ phone: next });
    expect(await phoneOf(user.id)).toBe(next);

    // The next sign-in's code goes to the new number.
    expect((await signIn(client(t.app), t.db, { email: user.email, phone: next })).status).toBe("approved");
    const [audit] = await t.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.objectId, user.id), eq(auditLog.action, "auth.phone.changed")));
    expect(audit?.data).toEqual({ from_hint: user.phone.slice(-3), to_hint: next.slice(-3) });
    const [mail] = await t.db
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.to, user.email), eq(outbox.subject, "Símanúmerinu þínu hjá Kort var breytt")));
    expect(mail?.body).toContain(`+354 ${next.slice(4, 7)} ${next.slice(7)}`);

    // A code is good once.
    const again = await confirm(send, token, { verification_id, code });
    expect(again.json<ErrorJson>().error.code).toBe("RESTART_REQUIRED");
  });

  it("refuses a wrong passcode (counted towards the lock), the current number and a landline, sending nothing", async () => {
    const user = await createSignInUser(t.db);
    const send = client(t.app);
    const { token } = await signIn(send, t.db, user);
    const next = uniquePhone();

    const wrong = await start(send, token, { phone: next, passcode: "0000" });
    expect(wrong.json<ErrorJson>().error).toMatchObject({ code: "INVALID_PASSCODE", details: { attempts_left: 4 } });
    const same = await start(send, token, { phone: user.phone, passcode: DEMO_PIN });
    expect(same.statusCode).toBe(422);
    expect(same.json<ErrorJson>().error.code).toBe("PHONE_UNCHANGED");
    const landline = await start(send, token, { phone: "511 2233", passcode: DEMO_PIN });
    expect(landline.statusCode).toBe(422);
    expect(landline.json<ErrorJson>().error.code).toBe("VALIDATION_FAILED");
    expect(await t.db.select().from(outbox).where(eq(outbox.to, next))).toEqual([]);
  });

  it("applies only the caller's own phone-change code: not another person's, not a sign-in code", async () => {
    const mallory = await createSignInUser(t.db);
    const victim = await createSignInUser(t.db);
    const malloryToken = (await signIn(client(t.app), t.db, mallory)).token;
    const victimSend = client(t.app);
    const victimToken = (await signIn(victimSend, t.db, victim)).token;
    const next = uniquePhone();
    const { verification_id } = (
      await start(victimSend, victimToken, { phone: next, passcode: DEMO_PIN })
    ).json<Started>();
    const code = codeIn((await latestMessage(t.db, next)).body);

    const stolen = await confirm(client(t.app), malloryToken, { verification_id, code });
    expect(stolen.json<ErrorJson>().error.code).toBe("RESTART_REQUIRED");
    expect(await phoneOf(mallory.id)).toBe(mallory.phone);
    // The generic code check does not take a phone change's code either.
    const generic = await client(t.app)({
      method: "POST",
      url: `/v1/verifications/${verification_id}/data`,
      payload: { code },
    });
    expect(generic.json<ErrorJson>().error.code).toBe("RESTART_REQUIRED");
    // The victim's own confirmation still works.
    expect((await confirm(victimSend, victimToken, { verification_id, code })).statusCode).toBe(200);
    expect(await phoneOf(victim.id)).toBe(next);
  });

  it("applies a code once when it is sent twice at the same moment", async () => {
    const { user, send, token, verification_id, code } = await startedChange();
    const answers = await Promise.all([1, 2, 3].map(() => confirm(send, token, { verification_id, code })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, user.id), eq(auditLog.action, "auth.phone.changed")));
    expect(audits).toHaveLength(1);
  });

  it("ends a verification after five wrong codes, each counted towards the person's lock", async () => {
    const { user, send, token, verification_id, code } = await startedChange();
    const codes: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      codes.push((await confirm(send, token, { verification_id, code: wrongCode(code) })).json<ErrorJson>().error.code);
    }
    expect(codes).toEqual(["INVALID_CODE", "INVALID_CODE", "INVALID_CODE", "INVALID_CODE", "USER_TEMPORARILY_LOCKED"]);
    expect(await phoneOf(user.id)).toBe(user.phone);
  });
});
