import { randomBytes, randomUUID } from "node:crypto";
import { DrizzleQueryError } from "drizzle-orm";
import { createGraphQLError } from "graphql-yoga";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, codeIn, createSignInUser, latestMessage, startSignIn } from "../modules/auth/testing/auth-fixtures.ts";
import { users } from "../platform/db/schema/index.ts";
import { scrubText, serializeError } from "../platform/http/log-serializers.ts";
import { createScene } from "../platform/http/testing/fixtures.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

/**
 * Issue 9.7: a failed query logged its SQL parameters (card-number and CVC ciphertexts, names,
 * e-mails). These tests run real failing statements through the real error paths and grep what was
 * written.
 */

const EMAIL = `leyndo-${randomUUID()}@test.kort.is`;
const PAN = "4111111111111111";
const BODY_SECRET = `body-secret-${randomUUID()}`;
const BEARER = randomBytes(32).toString("base64url");
const NETWORK_KEY = `network-${randomUUID()}`;
const IDEMPOTENCY_KEY = `idem-${randomUUID()}`;

/** Statements that fail in PostgreSQL with the secrets as parameters, each a different way. */
const FAILURES = {
  // 23505: the detail names the duplicate e-mail.
  unique: async (t: TestApp) => {
    await t.db.insert(users).values({ fullName: `Anna ${PAN}`, email: EMAIL });
  },
  // 23514: the detail holds the whole failing row.
  check: async (t: TestApp) => {
    await t.db.insert(users).values({ fullName: `Anna ${PAN}`, email: `x-${randomUUID()}@test.kort.is`, nin: PAN });
  },
  // 22P02: the message quotes the value it could not read.
  syntax: async (t: TestApp) => {
    await t.db.insert(users).values({ fullName: "Anna", email: `y-${randomUUID()}@test.kort.is`, imageId: PAN });
  },
} as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      app.post<{ Params: { kind: keyof typeof FAILURES } }>("/test/fail/:kind", async (request) => {
        await FAILURES[request.params.kind](t);
        return { ok: true };
      });
    },
  });
  await t.db.insert(users).values({ fullName: "Anna", email: EMAIL });
});
afterAll(async () => {
  await t?.close();
});

/** The log since line `from`, as one string to grep. */
const everything = (from = 0) => JSON.stringify(t.logs.slice(from));

/** Digit runs as long as a card number, outside pino's own `time` (13 digits of milliseconds). */
const panLikeRuns = (from = 0) =>
  t.logs.slice(from).flatMap(({ time: _time, ...line }) => JSON.stringify(line).match(/\d{13,19}/g) ?? []);

describe("a failed query in the log", () => {
  it.each(Object.keys(FAILURES) as (keyof typeof FAILURES)[])(
    "keeps the statement and the database error of a %s violation, and none of its parameters",
    async (kind) => {
      const response = await t.app.inject({
        method: "POST",
        url: `/test/fail/${kind}`,
        headers: {
          authorization: `Bearer ${BEARER}`,
          cookie: `session=${BEARER}`,
          "x-network-key": NETWORK_KEY,
          "idempotency-key": IDEMPOTENCY_KEY,
          "x-request-id": `log-${kind}`,
        },
        payload: { email: EMAIL, card: PAN, secret: BODY_SECRET },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ error: { code: "INTERNAL" } });
      expect(response.body).not.toContain("users");

      const line = t.logs.find((entry) => entry.reqId === `log-${kind}` && entry.msg === "unexpected error");
      const err = line?.err as { query?: string; cause?: { code?: string } } | undefined;
      expect(err?.query).toMatch(/^insert into "users"/);
      expect(err?.cause?.code).toMatch(/^(23505|23514|22P02)$/);

      const log = everything();
      for (const secret of [
        EMAIL,
        PAN,
        BODY_SECRET,
        BEARER,
        NETWORK_KEY,
        IDEMPOTENCY_KEY,
        "Failing row",
        "Key (email)",
      ]) {
        expect(log, secret).not.toContain(secret);
      }
      expect(panLikeRuns()).toEqual([]);
    },
  );

  it("scrubs the same error wrapped by GraphQL, through `err` and through Yoga's own log arguments", async () => {
    const error = await FAILURES.unique(t).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(DrizzleQueryError);
    const wrapped = createGraphQLError((error as Error).message, { originalError: error as Error, path: ["me"] });
    t.app.log.error({ err: wrapped }, "graphql error");
    t.app.log.warn({ yoga: ["something", wrapped] }, "graphql");
    t.app.log.warn({ body: { email: EMAIL }, params: [EMAIL, PAN], variables: { pan: PAN } }, "by accident");
    const log = everything();
    expect(log).toContain('"path":"me"');
    for (const secret of [EMAIL, PAN, "Key (email)"]) expect(log, secret).not.toContain(secret);
  });

  it("scrubs text: the params tail of a message and a stack, quoted inputs, e-mails, card numbers", () => {
    expect(scrubText(`Failed query: insert into "x" values ($1, $2)\nparams: ${EMAIL},${PAN}`)).toBe(
      'Failed query: insert into "x" values ($1, $2)\nparams: [redacted]',
    );
    expect(scrubText(`Error: Failed query: select $1\nparams: a\nb\n    at f (x.ts:1:1)`)).toBe(
      "Error: Failed query: select $1\nparams: [redacted]\n    at f (x.ts:1:1)",
    );
    expect(scrubText(`invalid input syntax for type uuid: "${PAN}"`)).toBe(
      'invalid input syntax for type uuid: "[redacted]"',
    );
    expect(scrubText(`mail ${EMAIL} failed`)).toBe("mail [email] failed");
    expect(serializeError("not an error")).toBe("not an error");
  });
});

describe("a run of ordinary and failing requests", () => {
  it("logs no token, passcode, code, e-mail or card number", async () => {
    const from = t.logs.length;
    const pin = "8642";
    const user = await createSignInUser(t.db, { pin });
    const send = client(t.app);
    const started = await startSignIn(send, user.email);
    const pending = started.json<{ id: string; verification_id: string }>();
    const code = codeIn((await latestMessage(t.db, user.phone)).body);
    await send({
      method: "POST",
      url: `/v1/verifications/${pending.verification_id}/data`,
      payload: { code: "000000" },
    });
    await send({ method: "POST", url: `/v1/verifications/${pending.verification_id}/data`, payload: { code } });
    await send({ method: "POST", url: `/v1/tokens/${pending.id}/secret`, payload: { pin: "1111" } });
    const approved = await send({ method: "POST", url: `/v1/tokens/${pending.id}/secret`, payload: { pin } });
    const token = approved.json<{ token: string }>().token;
    expect(token).toMatch(/^[\w-]{43}$/);
    const auth = { authorization: `Bearer ${token}` };

    const scene = await createScene(t.db);
    const owner = { ...scene.auth, "x-project-id": scene.own.id };
    const requests = [
      { url: "/v1/users/current", headers: auth },
      { url: `/v1/funding_sources/${PAN}`, headers: auth },
      { url: `/v1/funding_sources/${"9".repeat(3000)}`, headers: auth },
      { url: `/v1/cards?number=${PAN}`, headers: owner },
      { method: "POST" as const, url: "/v1/tokens", payload: "{", headers: { "content-type": "application/json" } },
      { method: "POST" as const, url: "/v1/tokens", payload: { identity: { type: "email", value: EMAIL }, pan: PAN } },
      { method: "POST" as const, url: "/graphql", headers: owner, payload: { query: "{ me { id email } }" } },
      {
        method: "POST" as const,
        url: "/graphql",
        headers: owner,
        payload: { query: "query ($id: ID!) { card(id: $id) { id } }", variables: { id: PAN } },
      },
      {
        method: "POST" as const,
        url: "/graphql",
        headers: owner,
        payload: { query: `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: me { id }`).join(" ")} }` },
      },
      { method: "POST" as const, url: "/graphql", headers: auth, payload: { query: `{ me { ${EMAIL} } }` } },
      { method: "DELETE" as const, url: "/v1/tokens", headers: auth },
      { url: "/v1/users/current", headers: auth },
    ];
    for (const request of requests) {
      const response = await send(request);
      expect(response.statusCode, request.url).toBeLessThan(500);
    }
    const log = everything(from);
    for (const secret of [token, `"${pin}"`, `"${code}"`, user.email, EMAIL, PAN, scene.token, "Bearer"]) {
      expect(log, secret).not.toContain(secret);
    }
    expect(panLikeRuns(from)).toEqual([]);
    // The run was logged: one line per request, with its status.
    expect(t.logs.slice(from).filter((line) => line.msg === "request").length).toBeGreaterThanOrEqual(requests.length);
  });
});
