import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { outbox } from "../../platform/db/schema/index.ts";
import { createToken, createUser } from "../../platform/http/testing/fixtures.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";

/**
 * E-mail aliases (issue 16): added unverified with a verification e-mail through the outbox, verified by its
 * link, removed; an invalid address or one some user already has is refused with its code.
 */

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  t = await createTestApp({
    env: { KORT_LINK_KEY: "email-alias-test-link-key-0123456789", KORT_PUBLIC_URL: "https://kort.example.is" },
  });
  gql = graphqlFor(t);
});
afterAll(() => t.close());

const person = async () => {
  const user = await createUser(t.db, "Netfanga Prófsson");
  return { ...user, headers: { authorization: `Bearer ${await createToken(t.db, user.id)}` } };
};
const unique = () => `alias-${crypto.randomUUID()}@example.is`;

const ADD = "mutation ($email: String!) { create_email_address(email: $email) { id email verified_at } }";
const LIST = "{ email_addresses { id email verified_at } }";
type Alias = { id: string; email: string; verified_at: string | null };

const linkTo = async (email: string) => {
  const [message] = await t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.createdAt));
  const link = /https:\/\/kort\.example\.is\S+/.exec(message?.body ?? "")?.[0];
  if (!link) throw new Error(`No verification link to ${email}`);
  return new URL(link);
};

describe("e-mail aliases", () => {
  it("are added unverified, verified by the e-mail's link, and removed", async () => {
    const p = await person();
    const email = unique();
    const added = await gql<{ create_email_address: Alias }>(ADD, p.headers, { email: ` ${email.toUpperCase()} ` });
    expect(added.data?.create_email_address).toMatchObject({ email, verified_at: null });
    const id = added.data?.create_email_address.id ?? "";

    const link = await linkTo(email);
    expect(link.pathname).toBe("/email-addresses/verify");
    const query = Object.fromEntries(link.searchParams);
    expect(query.id).toBe(id);
    const forged = await t.app.inject({
      method: "POST",
      url: `/v1/email-addresses/${id}/verify`,
      payload: { expires: query.expires, signature: "A".repeat(43) },
    });
    expect(forged.statusCode).toBe(403);
    const verified = await t.app.inject({
      method: "POST",
      url: `/v1/email-addresses/${id}/verify`,
      payload: { expires: query.expires, signature: query.signature },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const listed = await gql<{ email_addresses: Alias[] }>(LIST, p.headers);
    expect(listed.data?.email_addresses).toEqual([{ id, email, verified_at: expect.any(String) }]);

    // Another person cannot remove it; its owner can.
    const other = await person();
    const foreign = await gql("mutation ($id: ID!) { delete_email_address(id: $id) }", other.headers, { id });
    expect(codeOf(foreign)).toBe("NOT_FOUND");
    const removed = await gql("mutation ($id: ID!) { delete_email_address(id: $id) }", p.headers, { id });
    expect(removed.errors).toBeUndefined();
    expect((await gql<{ email_addresses: Alias[] }>(LIST, p.headers)).data?.email_addresses).toEqual([]);
  });

  it("refuses an invalid address, and one some user has as sign-in e-mail or alias", async () => {
    const p = await person();
    expect(codeOf(await gql(ADD, p.headers, { email: "ekki-netfang" }))).toBe("EMAIL_ADDRESS_INVALID");
    expect(codeOf(await gql(ADD, p.headers, { email: p.email }))).toBe("EMAIL_ADDRESS_TAKEN");
    const email = unique();
    expect((await gql(ADD, p.headers, { email })).errors).toBeUndefined();
    expect(codeOf(await gql(ADD, p.headers, { email }))).toBe("EMAIL_ADDRESS_TAKEN");
    const other = await person();
    expect(codeOf(await gql(ADD, other.headers, { email }))).toBe("EMAIL_ADDRESS_TAKEN");
    const rest = await t.app.inject({
      method: "POST",
      url: "/v1/email-addresses",
      headers: { ...p.headers, "idempotency-key": crypto.randomUUID() },
      payload: { email: "a@b" },
    });
    expect(rest.statusCode).toBe(422);
  });
});
