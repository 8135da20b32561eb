import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RATE_LIMIT_PER_IDENTITY } from "../modules/auth/auth.constants.ts";
import { codeIn, createSignInUser, DEMO_PIN, latestMessage } from "../modules/auth/testing/auth-fixtures.ts";
import { type CardsScene, createCardsScene } from "../modules/cards/testing/cards-scene.ts";
import { DEMO_INVITED_EMAIL } from "../modules/invites/demo-invite.ts";
import { CARD_LIFECYCLE_QUEUE } from "../modules/processor/card-lifecycle.job.ts";
import { balanceDrift, createProcessorScene } from "../modules/processor/testing/processor-scene.ts";
import { DEMO_NETWORK_KEY } from "../platform/config.ts";
import { hashPasscode } from "../platform/crypto/passwords.ts";
import { auditLog, cards, invites, projects, users } from "../platform/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../platform/db/testing/test-db.ts";
import { JOBS_SCHEMA } from "../platform/jobs/jobs.ts";
import { type SpawnedServer, spawnKortServer } from "../testing/spawn-server.ts";

/**
 * Past one machine (issue 10): two server processes on one PostgreSQL behave as one. Everything a request leaves
 * behind (sessions, rate-limit hits, idempotency keys, jobs, outbox messages) is in the database, so whichever
 * server the load balancer picks answers the same. Both are real processes started as `npm start` starts them,
 * at the same moment (migrations, demo seed and jobs included), sharing the card key as production must.
 */

let database: TestDatabase;
let a: SpawnedServer;
let b: SpawnedServer;
let scene: CardsScene;
const cardKey = randomBytes(32);

beforeAll(async () => {
  database = await createTestDatabase();
  const env = { KORT_CARD_KEY: cardKey.toString("base64") };
  [a, b] = await Promise.all([spawnKortServer(database.url, { env }), spawnKortServer(database.url, { env })]);
  scene = await createCardsScene(database.db, cardKey);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.close();
});

type Answer = { status: number; headers: Headers; body: Record<string, unknown> };

/** One call to one server, JSON in and out. */
const call = async (
  server: SpawnedServer,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> => {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { ...(options.body === undefined ? {} : { "content-type": "application/json" }), ...options.headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The sign-in of docs/auth.md, each step on the server given: the approved bearer token. */
const signIn = async (
  servers: [SpawnedServer, SpawnedServer, SpawnedServer],
  user: { email: string; phone: string },
) => {
  const [first, second, third] = servers;
  const started = await call(first, "POST", "/v1/tokens", {
    body: { authenticator: "email", identity: { type: "email", value: user.email }, device: { make: "vitest" } },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const code = codeIn((await latestMessage(database.db, user.phone)).body);
  const verified = await call(second, "POST", `/v1/verifications/${started.body.verification_id}/data`, {
    body: { code },
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const approved = await call(third, "POST", `/v1/tokens/${started.body.id}/secret`, { body: { pin: DEMO_PIN } });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return String(approved.body.token);
};

describe("two servers on one database", () => {
  it("started at once, seed the demo once: one demo company, one open invitation", async () => {
    const demo = await database.db.select({ id: projects.id }).from(projects).where(eq(projects.title, "Demo ehf."));
    expect(demo).toHaveLength(1);
    const open = await database.db
      .select({ id: invites.id })
      .from(invites)
      .where(eq(invites.email, DEMO_INVITED_EMAIL));
    expect(open).toHaveLength(1);
  });

  it("share sessions: signed in across both, used, renewed and ended on either", async () => {
    const user = await createSignInUser(database.db);
    const token = await signIn([a, b, a], user);
    for (const server of [a, b]) {
      const me = await call(server, "GET", "/v1/users/current", { headers: bearer(token) });
      expect([me.status, me.body.email]).toEqual([200, user.email]);
    }
    const renewed = await call(b, "POST", "/v1/sessions", { headers: bearer(token) });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    const next = String(renewed.body.token);
    expect((await call(a, "GET", "/v1/users/current", { headers: bearer(token) })).status).toBe(401);
    expect((await call(a, "GET", "/v1/users/current", { headers: bearer(next) })).status).toBe(200);
    expect((await call(a, "DELETE", "/v1/tokens", { headers: bearer(next) })).status).toBeLessThan(300);
    expect((await call(b, "GET", "/v1/users/current", { headers: bearer(next) })).status).toBe(401);
  });

  it("share rate limits: hits counted on A and B add up, and both refuse past the limit", async () => {
    const user = await createSignInUser(database.db);
    const start = (server: SpawnedServer) =>
      call(server, "POST", "/v1/tokens", {
        body: { authenticator: "email", identity: { type: "email", value: user.email }, device: { make: "vitest" } },
      });
    for (let attempt = 0; attempt < RATE_LIMIT_PER_IDENTITY; attempt += 1) {
      const started = await start(attempt % 2 === 0 ? a : b);
      expect(started.status, `attempt ${attempt + 1}`).toBe(201);
    }
    for (const server of [a, b]) {
      const refused = await start(server);
      expect([refused.status, (refused.body.error as { code?: string } | undefined)?.code]).toEqual([
        429,
        "RATE_LIMITED",
      ]);
    }
  });

  it("share idempotency keys: a card issued on A is replayed on B, and issued once even when both race", async () => {
    const issue = (server: SpawnedServer, key: string, description: string) =>
      call(server, "POST", "/v1/funding_sources", {
        headers: { ...scene.owner.headers, "idempotency-key": key },
        body: {
          card_type: "EMPLOYEE_EXPENSE",
          cardholder_id: scene.user.id,
          description,
          team_id: scene.teams.mine.id,
          limits: [{ sum_amount: 50_000, period: "MONTHLY" }],
        },
      });
    const cardsNamed = async (description: string) =>
      database.db
        .select({ id: cards.id })
        .from(cards)
        .where(and(eq(cards.projectId, scene.project.id), eq(cards.description, description)));

    const key = randomUUID();
    const first = await issue(a, key, "Tvö A");
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await issue(b, key, "Tvö A");
    expect([again.status, again.headers.get("idempotent-replayed"), again.body.id]).toEqual([
      201,
      "true",
      first.body.id,
    ]);
    expect(await cardsNamed("Tvö A")).toHaveLength(1);
    // The same key for another body is the client's mistake, on whichever server.
    const reused = await issue(b, key, "Annað");
    expect([reused.status, (reused.body.error as { code?: string } | undefined)?.code]).toEqual([400, "CONFLICT"]);

    // Both at once with one key: one issues, the other waits for it (polling the key's row) and replays it.
    const raced = randomUUID();
    const both = await Promise.all([issue(a, raced, "Tvö B"), issue(b, raced, "Tvö B")]);
    expect(both.map((answer) => answer.status)).toEqual([201, 201]);
    expect(both[0]?.body.id).toBe(both[1]?.body.id);
    expect(both.filter((answer) => answer.headers.get("idempotent-replayed") === "true")).toHaveLength(1);
    expect(await cardsNamed("Tvö B")).toHaveLength(1);

    // The card B replayed was sealed by A: the holder can reveal it on B (one card key for every server), after
    // their passcode.
    await database.db
      .update(users)
      .set({ passcodeHash: await hashPasscode(DEMO_PIN) })
      .where(eq(users.id, scene.user.id));
    const revealed = await call(b, "POST", `/v1/funding_sources/${String(first.body.id)}/sensitive`, {
      headers: { ...scene.user.headers, "idempotency-key": randomUUID() },
      body: { passcode: DEMO_PIN },
    });
    expect(revealed.status, JSON.stringify(revealed.body)).toBe(200);
    expect(revealed.body.pan).toMatch(/^[0-9]{16}$/);
  });

  it("run a job once: both work the queue, one of them takes it, and its work is done once", async () => {
    const card = await scene.issue({ name: "Lokast" });
    await database.db
      .update(cards)
      .set({ willCloseAt: new Date(Date.now() - 60_000) })
      .where(eq(cards.id, card.id));
    // The test only sends: no workers, no schedules, no maintenance of its own.
    const boss = new PgBoss({
      connectionString: database.url,
      schema: JOBS_SCHEMA,
      max: 1,
      supervise: false,
      schedule: false,
    });
    await boss.start();
    try {
      // The queue is stately (one queued at a time): a send may find one already waiting, and then that one is ours.
      let id: string | null = null;
      await vi.waitFor(
        async () => {
          id = await boss.send(CARD_LIFECYCLE_QUEUE, {});
          expect(id).not.toBeNull();
        },
        { timeout: 20_000, interval: 100 },
      );
      const jobId = id ?? "";
      await vi.waitFor(
        async () => {
          const job = await boss.getJobById(CARD_LIFECYCLE_QUEUE, jobId);
          expect(job?.state).toBe("completed");
        },
        { timeout: 30_000, interval: 100 },
      );
      const job = await boss.getJobById(CARD_LIFECYCLE_QUEUE, jobId);
      expect(job?.retryCount).toBe(0);
      const [closed] = await database.db.select({ status: cards.status }).from(cards).where(eq(cards.id, card.id));
      expect(closed?.status).toBe("CLOSED");
      const audits = await database.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.action, "card.auto_close"), eq(auditLog.objectId, card.id)));
      expect(audits).toHaveLength(1);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });

  it("decide a burst on one card together: never past its limit or the credit, balances equal to the raw rows", async () => {
    const processor = await createProcessorScene(database.db, {
      now: () => new Date(),
      key: cardKey,
      creditLimit: 60_000,
    });
    const limit = 50_000;
    const card = await processor.issue({ sumAmount: limit, period: "DAILY" });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => {
        const request = card.request({ amount: 100 + ((index * 7919) % 2900) });
        return call(index % 2 === 0 ? a : b, "POST", "/v1/network/authorizations", {
          headers: { "x-network-key": DEMO_NETWORK_KEY },
          body: {
            pan: request.pan,
            expiry_month: request.expiryMonth,
            expiry_year: request.expiryYear,
            amount: request.amount,
            currency: request.currency,
            merchant_name: request.merchantName,
            mcc: request.mcc,
            merchant_country: request.merchantCountry,
          },
        });
      }),
    );
    // A decision waiting past a database bound answers 503 BUSY; every other answer is a decision.
    const decided = answers.filter((answer) => answer.status === 200);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);
    const approved = decided
      .filter((answer) => answer.body.approved === true)
      .reduce((sum, answer) => sum + Number(answer.body.amount_isk), 0);
    expect(approved).toBeLessThanOrEqual(limit);
    expect(approved).toBeGreaterThan(limit - 3000);
    // Both servers decided some of them.
    const servers = new Set(answers.flatMap((answer, index) => (answer.status === 200 ? [index % 2] : [])));
    expect(servers.size).toBe(2);
    const pending = await database.db.execute(
      sql`select coalesce(sum(amount), 0)::bigint as sum from authorizations where card_id = ${card.id} and status = 'pending'`,
    );
    expect(Number(pending.rows[0]?.sum)).toBe(approved);
    expect(await balanceDrift(database.db, processor.project.id)).toEqual([]);
  }, 60_000);

  it("refuse a third server whose card key does not open the cards already there", async () => {
    const other = spawnKortServer(database.url, { env: { KORT_CARD_KEY: randomBytes(32).toString("base64") } });
    await expect(other).rejects.toThrow(/every server on one database needs the same KORT_CARD_KEY/);
  }, 60_000);
});
