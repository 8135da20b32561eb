import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { auditLog, tokens, verifications } from "../../platform/db/schema/index.ts";
import { testClock } from "../../platform/http/testing/clock.ts";
import { addMember, createProject } from "../../platform/http/testing/fixtures.ts";
import { createInvite } from "../invites/invites.service.ts";
import {
  client,
  codeIn,
  createSignInUser,
  type ErrorJson,
  latestMessage,
  type Pending,
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

/** A user, a client, and a started sign-in with its SMS code. */
const started = async (locale?: string) => {
  const user = await createSignInUser(t.db);
  const send = client(t.app, { locale });
  const response = await startSignIn(send, user.email);
  expect(response.statusCode).toBe(201);
  const pending = response.json<Pending>();
  const sms = await latestMessage(t.db, user.phone);
  return { user, send, pending, sms, code: codeIn(sms.body) };
};

const submit = (s: Awaited<ReturnType<typeof started>>, code: string) =>
  s.send({ method: "POST", url: `/v1/verifications/${s.pending.verification_id}/data`, payload: { code } });

const passcode = (s: Awaited<ReturnType<typeof started>>, pin: string) =>
  s.send({ method: "POST", url: `/v1/tokens/${s.pending.id}/secret`, payload: { pin } });

const errorCode = (response: { json: <T>() => T }) => response.json<ErrorJson>().error.code;

describe("sign-in: e-mail, phone code, passcode", () => {
  it("answers a created token, texts a code in Icelandic, and approves a working bearer token", async () => {
    const s = await started();
    expect(Object.keys(s.pending).sort()).toEqual(["expires_at", "id", "phone_hint", "status", "verification_id"]);
    expect(s.pending).toMatchObject({ status: "created", phone_hint: s.user.phone.slice(-3) });
    expect(s.sms.channel).toBe("sms");
    expect(s.sms.body).toBe(`Kort: staðfestingarkóðinn þinn er ${s.code}`);

    const verified = await submit(s, s.code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ id: s.pending.verification_id, status: "verified" });

    const approved = await passcode(s, "1234");
    expect(approved.statusCode).toBe(200);
    const body = approved.json<{ id: string; token: string; status: string; expires_at: string }>();
    expect(body).toMatchObject({ id: s.pending.id, status: "approved" });
    expect(new Date(body.expires_at).getTime() - clock.now().getTime()).toBe(60 * 60 * 1000);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await s.send({
      method: "GET",
      url: "/v1/users/current",
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user_id: s.user.id, email: s.user.email });

    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.objectId, s.user.id), eq(auditLog.action, "auth.sign_in.succeeded")));
    expect(audit).toHaveLength(1);
  });

  it("texts the code in English for en-US", async () => {
    const s = await started("en-US,en;q=0.9");
    expect(s.sms.body).toBe(`Kort: your verification code is ${s.code}`);
  });

  it("keeps the code and the token out of the database: only hashes are stored", async () => {
    const s = await started();
    const [verification] = await t.db
      .select({ codeHash: verifications.codeHash })
      .from(verifications)
      .where(eq(verifications.id, s.pending.verification_id));
    expect(verification?.codeHash).toMatch(/^\$argon2id\$/);
    expect(verification?.codeHash).not.toContain(s.code);
    await submit(s, s.code);
    const { token } = (await passcode(s, "1234")).json<{ token: string }>();
    const [row] = await t.db.select({ tokenHash: tokens.tokenHash }).from(tokens).where(eq(tokens.id, s.pending.id));
    expect(row?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
  });

  it("answers INVALID_CODE for a wrong code, with the attempts left", async () => {
    const s = await started();
    const response = await submit(s, wrongCode(s.code));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorJson>().error).toMatchObject({ code: "INVALID_CODE", details: { attempts_left: 4 } });
  });

  it("answers CODE_EXPIRED after five minutes, even for the right code", async () => {
    const s = await started();
    clock.advance(5 * 60 * 1000 + 1);
    const response = await submit(s, s.code);
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe("CODE_EXPIRED");
  });

  it("answers RESTART_REQUIRED when a code is used twice", async () => {
    const s = await started();
    expect((await submit(s, s.code)).statusCode).toBe(200);
    const again = await submit(s, s.code);
    expect(again.statusCode).toBe(400);
    expect(errorCode(again)).toBe("RESTART_REQUIRED");
  });

  it("uses a code once even when it is sent twice at the same moment", async () => {
    const s = await started();
    const answers = await Promise.all([submit(s, s.code), submit(s, s.code)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it("answers INVALID_PASSCODE for a wrong passcode, and the right one still works after", async () => {
    const s = await started();
    await submit(s, s.code);
    const wrong = await passcode(s, "9999");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorJson>().error).toMatchObject({ code: "INVALID_PASSCODE", details: { attempts_left: 4 } });
    expect((await passcode(s, "1234")).statusCode).toBe(200);
  });

  it("answers RESTART_REQUIRED for the passcode before the code, and for an approved token", async () => {
    const s = await started();
    const early = await passcode(s, "1234");
    expect(early.statusCode).toBe(400);
    expect(errorCode(early)).toBe("RESTART_REQUIRED");
    await submit(s, s.code);
    expect((await passcode(s, "1234")).statusCode).toBe(200);
    const twice = await passcode(s, "1234");
    expect(errorCode(twice)).toBe("RESTART_REQUIRED");
  });

  it("refuses a passcode or code that is not digits with 422, without counting it", async () => {
    const s = await started();
    for (const payload of [{ code: "12345" }, { code: "abcdef" }, { code: 123456 }]) {
      const response = await s.send({
        method: "POST",
        url: `/v1/verifications/${s.pending.verification_id}/data`,
        payload,
      });
      expect(response.statusCode).toBe(422);
    }
    expect((await submit(s, s.code)).statusCode).toBe(200);
    expect((await passcode(s, "12345")).statusCode).toBe(422);
    expect((await passcode(s, "1234")).statusCode).toBe(200);
  });

  it("answers UNKNOWN_USER (404) for an e-mail nobody has and nobody invited", async () => {
    const response = await startSignIn(client(t.app), uniqueEmail("nobody"));
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe("UNKNOWN_USER");
  });

  it("answers SIGN_UP_REQUIRED for an invited e-mail, and UNKNOWN_USER once the invitation expired", async () => {
    const project = await createProject(t.db);
    const owner = await createSignInUser(t.db);
    await addMember(t.db, project.id, owner.id, "project_owner");
    const email = uniqueEmail("invited");
    await createInvite(t.db, { projectId: project.id, email, role: "user", invitedBy: owner.id }, clock.now());
    const send = client(t.app);
    const invited = await startSignIn(send, email.toUpperCase());
    expect(invited.statusCode).toBe(400);
    expect(errorCode(invited)).toBe("SIGN_UP_REQUIRED");

    const lapsed = uniqueEmail("lapsed");
    const week = 7 * 24 * 60 * 60 * 1000;
    await createInvite(
      t.db,
      { projectId: project.id, email: lapsed, role: "user" },
      new Date(clock.now().getTime() - week - 1),
    );
    expect(errorCode(await startSignIn(send, lapsed))).toBe("UNKNOWN_USER");
  });

  it("answers RESTART_REQUIRED for a verification or token that does not exist, and 422 for a malformed id", async () => {
    const send = client(t.app);
    const id = "6f1f0c52-2b1f-4c1e-9a53-2d4b6f3a9e10";
    const code = await send({ method: "POST", url: `/v1/verifications/${id}/data`, payload: { code: "123456" } });
    expect(errorCode(code)).toBe("RESTART_REQUIRED");
    const secret = await send({ method: "POST", url: `/v1/tokens/${id}/secret`, payload: { pin: "1234" } });
    expect(errorCode(secret)).toBe("RESTART_REQUIRED");
    const malformed = await send({ method: "POST", url: "/v1/tokens/not-a-uuid/secret", payload: { pin: "1234" } });
    expect(malformed.statusCode).toBe(422);
  });

  it("lets a user with role user sign in (the web app shows the not-an-admin screen)", async () => {
    const project = await createProject(t.db);
    const s = await started();
    await addMember(t.db, project.id, s.user.id, "user");
    await submit(s, s.code);
    expect((await passcode(s, "1234")).statusCode).toBe(200);
  });
});
