import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { emailAddresses, outbox, users } from "../../platform/db/schema/index.ts";
import { createToken } from "../../platform/http/testing/fixtures.ts";
import { client, createSignInUser, DEMO_PIN, type ErrorJson, signIn } from "../auth/testing/auth-fixtures.ts";

/**
 * A verified alias becomes the sign-in address (spec 6, the person's own `user change-email`), the old sign-in
 * address an alias; after the passcode, and only for the caller's own verified alias.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const aliasOf = async (userId: string, verified: boolean) => {
  const [row] = await t.db
    .insert(emailAddresses)
    .values({ userId, email: `alias-${randomUUID()}@example.is`, verifiedAt: verified ? new Date() : null })
    .returning({ id: emailAddresses.id, email: emailAddresses.email });
  if (!row) throw new Error("alias insert returned nothing");
  return row;
};

const makeSignIn = async (token: string, id: string, passcode = DEMO_PIN) =>
  t.app.inject({
    method: "POST",
    url: `/v1/email-addresses/${id}/sign-in`,
    headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
    payload: { passcode },
  });

const emailOf = async (userId: string) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;

describe("signing in with an alias", () => {
  it("swaps the verified alias and the sign-in address, tells the old one, and signs in with the new one", async () => {
    const user = await createSignInUser(t.db);
    const token = await createToken(t.db, user.id);
    const alias = await aliasOf(user.id, true);

    const response = await makeSignIn(token, alias.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: alias.email });
    expect(await emailOf(user.id)).toBe(alias.email);
    const [kept] = await t.db.select().from(emailAddresses).where(eq(emailAddresses.id, alias.id));
    expect(kept).toMatchObject({ email: user.email, userId: user.id });
    expect(kept?.verifiedAt).not.toBeNull();

    const [notice] = await t.db
      .select({ body: outbox.body })
      .from(outbox)
      .where(
        and(eq(outbox.to, user.email), eq(outbox.subject, "Netfanginu sem þú skráir þig inn með hjá Kort var breytt")),
      );
    expect(notice?.body).toContain(alias.email);
    // Sign-in now goes by the new address; the old one names nobody's sign-in.
    expect((await signIn(client(t.app), t.db, { email: alias.email, phone: user.phone })).status).toBe("approved");
    const old = await client(t.app)({
      method: "POST",
      url: "/v1/tokens",
      payload: { authenticator: "email", identity: { type: "email", value: user.email }, device: { make: "vitest" } },
    });
    expect(old.json<ErrorJson>().error.code).toBe("UNKNOWN_USER");
  });

  it("refuses an unverified alias, another person's alias and a wrong passcode, changing nothing", async () => {
    const user = await createSignInUser(t.db);
    const token = await createToken(t.db, user.id);
    const unverified = await aliasOf(user.id, false);
    const other = await createSignInUser(t.db);
    const theirs = await aliasOf(other.id, true);
    const mine = await aliasOf(user.id, true);

    const notVerified = await makeSignIn(token, unverified.id);
    expect(notVerified.statusCode).toBe(422);
    expect(notVerified.json<ErrorJson>().error.code).toBe("EMAIL_ADDRESS_UNVERIFIED");
    expect((await makeSignIn(token, theirs.id)).json<ErrorJson>().error.code).toBe("NOT_FOUND");
    expect((await makeSignIn(token, "not-an-id")).json<ErrorJson>().error.code).toBe("NOT_FOUND");
    const wrong = await makeSignIn(token, mine.id, "0000");
    expect(wrong.json<ErrorJson>().error).toMatchObject({ code: "INVALID_PASSCODE", details: { attempts_left: 4 } });
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await emailOf(other.id)).toBe(other.email);
  });
});
