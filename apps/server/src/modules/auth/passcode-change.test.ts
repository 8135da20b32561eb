import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, logsShowDigits, type TestApp } from "../../app/testing/test-app.ts";
import { auditLog, devices, outbox, tokens, users, webauthnCredentials } from "../../platform/db/schema/index.ts";
import { client, createSignInUser, DEMO_PIN, type ErrorJson, type Send, signIn } from "./testing/auth-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const change = (send: Send, token: string, payload: unknown) =>
  send({
    method: "PUT",
    url: "/v1/users/current/passcode",
    headers: { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  });

const me = (send: Send, token: string) =>
  send({ method: "GET", url: "/v1/users/current", headers: { authorization: `Bearer ${token}` } });

/** A phone of the person with biometric unlock turned on. */
const unlockKeyOn = async (userId: string) => {
  const deviceId = randomUUID();
  await t.db.insert(devices).values({ id: deviceId, userId, make: "apple", lastSeenAt: new Date() });
  await t.db.insert(webauthnCredentials).values({ id: randomUUID(), userId, deviceId, publicKey: Buffer.from([1]) });
};

const unlockKeys = (userId: string) =>
  t.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId));

describe("changing one's passcode", () => {
  it("stores the new passcode, keeps this session, ends the others, drops biometric keys and e-mails the person", async () => {
    const user = await createSignInUser(t.db);
    await t.db.update(users).set({ locale: "en-US" }).where(eq(users.id, user.id));
    const send = client(t.app);
    const here = await signIn(send, t.db, user);
    const phone = await signIn(client(t.app), t.db, user);
    await unlockKeyOn(user.id);

    const response = await change(send, here.token, { passcode: DEMO_PIN, new_passcode: "8642" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ signed_out_sessions: 1, unlock_keys_removed: 1 });

    expect((await me(send, here.token)).statusCode).toBe(200);
    expect((await me(send, phone.token)).statusCode).toBe(401);
    expect(await unlockKeys(user.id)).toEqual([]);
    // The old passcode no longer signs in; the new one does.
    await expect(signIn(client(t.app), t.db, user)).rejects.toThrow(/INVALID_PASSCODE/);
    expect((await signIn(client(t.app), t.db, user, "8642")).status).toBe("approved");

    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, user.email), eq(outbox.subject, "Your Kort passcode was changed")));
    expect(mail?.body).toMatch(/changed on \d{1,2} [A-Z][a-z]{2} \d{4} at \d\d:\d\d/);
    expect(mail?.body).not.toContain("8642");
    const [audit] = await t.db
      .select({ data: auditLog.data, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.objectId, user.id), eq(auditLog.action, "auth.passcode.changed")));
    expect(audit).toEqual({ actor: user.id, data: { signed_out_sessions: 1, unlock_keys_removed: 1 } });
    expect(logsShowDigits(t.logs, "8642")).toBe(false);
  });

  it("refuses a wrong current passcode, counting it towards the sign-in lock, and changes nothing", async () => {
    const user = await createSignInUser(t.db);
    const send = client(t.app);
    const here = await signIn(send, t.db, user);
    const other = await signIn(client(t.app), t.db, user);
    const [before] = await t.db.select({ hash: users.passcodeHash }).from(users).where(eq(users.id, user.id));

    const response = await change(send, here.token, { passcode: "0000", new_passcode: "8642" });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorJson>().error).toMatchObject({ code: "INVALID_PASSCODE", details: { attempts_left: 4 } });

    const [after] = await t.db
      .select({ hash: users.passcodeHash, failures: users.failedPasscodeAttempts })
      .from(users)
      .where(eq(users.id, user.id));
    expect(after).toEqual({ hash: before?.hash, failures: 1 });
    expect((await me(send, other.token)).statusCode).toBe(200);
  });

  it("locks the person after five wrong current passcodes, as sign-in does", async () => {
    const user = await createSignInUser(t.db);
    const send = client(t.app);
    const here = await signIn(send, t.db, user);
    const codes = [];
    for (let i = 0; i < 5; i += 1) {
      codes.push((await change(send, here.token, { passcode: "0000", new_passcode: "8642" })).json<ErrorJson>());
    }
    expect(codes.map((answer) => answer.error.code)).toEqual([
      "INVALID_PASSCODE",
      "INVALID_PASSCODE",
      "INVALID_PASSCODE",
      "INVALID_PASSCODE",
      "USER_TEMPORARILY_LOCKED",
    ]);
    // Locked, even the right passcode changes nothing.
    const locked = await change(send, here.token, { passcode: DEMO_PIN, new_passcode: "8642" });
    expect(locked.statusCode).toBe(403);
    expect(locked.json<ErrorJson>().error.code).toBe("USER_TEMPORARILY_LOCKED");
  });

  it("refuses the current passcode as the new one, and bodies that are not four digits each", async () => {
    const user = await createSignInUser(t.db);
    const send = client(t.app);
    const here = await signIn(send, t.db, user);
    const same = await change(send, here.token, { passcode: DEMO_PIN, new_passcode: DEMO_PIN });
    expect(same.statusCode).toBe(422);
    expect(same.json<ErrorJson>().error).toMatchObject({ code: "PASSCODE_UNCHANGED" });
    for (const payload of [
      { passcode: DEMO_PIN, new_passcode: "123" },
      { passcode: DEMO_PIN, new_passcode: "12a4" },
      { passcode: DEMO_PIN },
      { passcode: DEMO_PIN, new_passcode: "8642", extra: true },
    ]) {
      const response = await change(send, here.token, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorJson>().error.code).toBe("VALIDATION_FAILED");
    }
    const mine = await t.db.select().from(tokens).where(eq(tokens.userId, user.id));
    expect(mine).toHaveLength(1);
  });

  it("lets one of a burst of changes from the same passcode win; the others find the passcode changed", async () => {
    const user = await createSignInUser(t.db);
    const send = client(t.app);
    const here = await signIn(send, t.db, user);
    const candidates = ["1111", "2222", "3333", "4444", "5555"];
    const answers = await Promise.all(
      candidates.map((next) => change(send, here.token, { passcode: DEMO_PIN, new_passcode: next })),
    );
    const won = answers.flatMap((answer, index) => (answer.statusCode === 200 ? [candidates[index]] : []));
    expect(won).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode !== 200).map((a) => a.json<ErrorJson>().error.code)).toEqual(
      Array(4).fill("INVALID_PASSCODE"),
    );
    // The stored passcode is the winner's: it signs in, and so does nothing else.
    expect((await signIn(client(t.app), t.db, user, won[0])).status).toBe("approved");
  });

  it("needs a session", async () => {
    const response = await client(t.app)({
      method: "PUT",
      url: "/v1/users/current/passcode",
      payload: { passcode: DEMO_PIN, new_passcode: "8642" },
    });
    expect(response.statusCode).toBe(401);
  });
});
