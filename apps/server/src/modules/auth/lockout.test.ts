import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { auditLog, users } from "../../platform/db/schema/index.ts";
import { MINUTE, testClock } from "../../platform/http/testing/clock.ts";
import {
  client,
  codeIn,
  createSignInUser,
  type ErrorJson,
  latestMessage,
  type Pending,
  type Send,
  signIn,
  startSignIn,
  uniqueEmail,
  wrongCode,
} from "./testing/auth-fixtures.ts";

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => {
  await t.close();
});

type User = Awaited<ReturnType<typeof createSignInUser>>;

const begin = async (send: Send, user: User) => {
  const response = await startSignIn(send, user.email);
  expect(response.statusCode).toBe(201);
  const pending = response.json<Pending>();
  return { pending, code: codeIn((await latestMessage(t.db, user.phone)).body) };
};

const submitCode = (send: Send, verificationId: string, code: string) =>
  send({ method: "POST", url: `/v1/verifications/${verificationId}/data`, payload: { code } });

/** Five wrong codes on one sign-in: the answers, in order. */
const fiveWrongCodes = async (send: Send, user: User) => {
  const { pending, code } = await begin(send, user);
  const answers = [];
  for (let i = 0; i < 5; i += 1) answers.push(await submitCode(send, pending.verification_id, wrongCode(code)));
  return answers;
};

const lockAudit = (userId: string) =>
  t.db
    .select({ data: auditLog.data })
    .from(auditLog)
    .where(and(eq(auditLog.objectId, userId), eq(auditLog.action, "auth.user.locked")))
    .orderBy(asc(auditLog.createdAt));

describe("lockout", () => {
  it("locks for 15 minutes at the fifth wrong code with 403 USER_TEMPORARILY_LOCKED, then lets the user in", async () => {
    const user = await createSignInUser(t.db);
    const send = client(t.app);
    const answers = await fiveWrongCodes(send, user);
    expect(answers.slice(0, 4).map((a) => a.json<ErrorJson>().error.code)).toEqual(Array(4).fill("INVALID_CODE"));
    const last = answers[4];
    expect(last?.statusCode).toBe(403);
    const error = last?.json<ErrorJson>().error;
    expect(error?.code).toBe("USER_TEMPORARILY_LOCKED");
    expect(new Date(String(error?.details?.locked_until)).getTime()).toBe(clock.now().getTime() + 15 * MINUTE);

    const blocked = await startSignIn(send, user.email);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json<ErrorJson>().error.code).toBe("USER_TEMPORARILY_LOCKED");

    clock.advance(15 * MINUTE + 1);
    const { token } = await signIn(send, t.db, user);
    expect(token).toBeTruthy();
    expect(await lockAudit(user.id)).toEqual([{ data: expect.objectContaining({ kind: "temporary" }) }]);
  });

  it("counts wrong codes and wrong passcodes together", async () => {
    const user = await createSignInUser(t.db);
    const send = client(t.app);
    const { pending, code } = await begin(send, user);
    for (let i = 0; i < 2; i += 1) await submitCode(send, pending.verification_id, wrongCode(code));
    expect((await submitCode(send, pending.verification_id, code)).statusCode).toBe(200);
    const pins = [];
    for (let i = 0; i < 3; i += 1) {
      pins.push(await send({ method: "POST", url: `/v1/tokens/${pending.id}/secret`, payload: { pin: "0000" } }));
    }
    expect(pins.map((p) => p.statusCode)).toEqual([400, 400, 403]);
    expect(pins[2]?.json<ErrorJson>().error.code).toBe("USER_TEMPORARILY_LOCKED");
    // Locked: even the right passcode is refused now.
    const right = await send({ method: "POST", url: `/v1/tokens/${pending.id}/secret`, payload: { pin: "1234" } });
    expect(right.statusCode).toBe(403);
  });

  it("starts the count again after a completed sign-in", async () => {
    const user = await createSignInUser(t.db);
    const send = client(t.app);
    const { pending, code } = await begin(send, user);
    for (let i = 0; i < 4; i += 1) await submitCode(send, pending.verification_id, wrongCode(code));
    await submitCode(send, pending.verification_id, code);
    await send({ method: "POST", url: `/v1/tokens/${pending.id}/secret`, payload: { pin: "1234" } });
    const [row] = await t.db.select({ failed: users.failedPasscodeAttempts }).from(users).where(eq(users.id, user.id));
    expect(row?.failed).toBe(0);
  });

  it("locks until an admin unlocks at the third temporary lock within 24 hours", async () => {
    const user = await createSignInUser(t.db);
    const send = client(t.app);
    const lastAnswers: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const answers = await fiveWrongCodes(send, user);
      lastAnswers.push(answers[4]?.json<ErrorJson>().error.code ?? "");
      clock.advance(16 * MINUTE);
    }
    expect(lastAnswers).toEqual(["USER_TEMPORARILY_LOCKED", "USER_TEMPORARILY_LOCKED", "USER_LOCKED_CONTACT_ADMIN"]);
    clock.advance(2 * 24 * 60 * MINUTE);
    const refused = await startSignIn(send, user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorJson>().error.code).toBe("USER_LOCKED_CONTACT_ADMIN");
    const kinds = (await lockAudit(user.id)).map((row) => row.data.kind);
    expect(kinds).toEqual(["temporary", "temporary", "permanent"]);
  });

  it("does not make temporary locks further apart than 24 hours permanent", async () => {
    const user = await createSignInUser(t.db);
    const send = client(t.app);
    const codes: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const answers = await fiveWrongCodes(send, user);
      codes.push(answers[4]?.json<ErrorJson>().error.code ?? "");
      clock.advance(13 * 60 * MINUTE);
    }
    expect(codes).toEqual(Array(3).fill("USER_TEMPORARILY_LOCKED"));
  });
});

describe("rate limits", () => {
  it("answers 429 RATE_LIMITED to the 11th token request for one e-mail within 15 minutes", async () => {
    const user = await createSignInUser(t.db);
    const statuses: number[] = [];
    // From different addresses: the limit is the identity's.
    for (let i = 0; i < 11; i += 1) statuses.push((await startSignIn(client(t.app), user.email)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
    const limited = await startSignIn(client(t.app), user.email);
    expect(limited.json<ErrorJson>().error).toMatchObject({ code: "RATE_LIMITED" });
    clock.advance(16 * MINUTE);
    expect((await startSignIn(client(t.app), user.email)).statusCode).toBe(201);
  });

  it("answers 429 to the 61st request from one address, whatever the e-mails", async () => {
    const send = client(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await startSignIn(send, uniqueEmail("spray"))).statusCode);
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(404));
    expect(statuses[60]).toBe(429);
  });
});
