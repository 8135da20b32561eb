import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTeamsScene, graphqlFor, type TeamsScene } from "../modules/teams/teams.fixtures.ts";
import { loadConfig } from "../platform/config.ts";
import { createDb, OverlappingQueryError, SecondConnectionError } from "../platform/db/client.ts";
import { describeError } from "../platform/errors.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

/**
 * Issue 9, point 1: every wait on the database is bounded, and reaching a bound answers 503 BUSY with
 * Retry-After, in REST and GraphQL alike: a saturated server refuses at once instead of hanging.
 */

let t: TestApp;
let scene: TeamsScene;
beforeAll(async () => {
  // A pool of two and short bounds, so each bound is reached in a fraction of a second.
  t = await createTestApp({ database: { max: 2, timeouts: { lockMs: 200, connectMs: 200, statementMs: 1_000 } } });
  scene = await createTeamsScene(t.db);
});
afterAll(async () => {
  await t.close();
});

const RENAME = 'mutation($id: ID!) { patch_team(id: $id, name: "Nýtt nafn") { id } }';

describe("the database's bounds", () => {
  it("answers 503 BUSY with Retry-After when a lock is held past lock_timeout", async () => {
    const holder = await t.db.$client.connect();
    try {
      await holder.query("begin");
      await holder.query("select id from teams where id = $1 for update", [scene.teams.mine.id]);
      const response = await t.app.inject({
        method: "POST",
        url: "/graphql",
        headers: scene.owner.headers,
        payload: { query: RENAME, variables: { id: scene.teams.mine.id } },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("1");
      expect(response.json()).toMatchObject({ errors: [{ extensions: { code: "BUSY" } }] });
    } finally {
      await holder.query("rollback");
      holder.release();
    }
    // Released, the same change goes through.
    const again = await graphqlFor(t)(RENAME, scene.owner.headers, { id: scene.teams.mine.id });
    expect(again.errors).toBeUndefined();
  });

  it("answers 503 BUSY with Retry-After when no connection frees up in time", async () => {
    const held = [await t.db.$client.connect(), await t.db.$client.connect()];
    try {
      const response = await t.app.inject({
        method: "GET",
        url: "/v1/users/current",
        headers: { authorization: scene.owner.headers.authorization ?? "" },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("1");
      expect(response.json()).toMatchObject({ error: { code: "BUSY" } });
    } finally {
      for (const client of held) client.release();
    }
  });

  it("maps a statement run past statement_timeout to 503 BUSY", async () => {
    const error = await t.db.execute(sql`select pg_sleep(2)`).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ cause: expect.objectContaining({ code: "57014" }) });
    expect(describeError(error)).toMatchObject({ status: 503, code: "BUSY" });
  });

  it("refuses a second pool connection asked for inside a transaction, at once", async () => {
    await expect(
      t.db.transaction(async () => {
        await t.db.execute(sql`select 1`);
      }),
    ).rejects.toMatchObject({ cause: expect.any(SecondConnectionError) });
  });

  it("refuses a query sent on a transaction's connection before its previous one answered", async () => {
    const overlapping = t.db.transaction((tx) => Promise.all([tx.execute(sql`select 1`), tx.execute(sql`select 2`)]));
    // Refused, and the transaction still rolled back (its rollback waits behind the first query, as pg queues it).
    await expect(overlapping).rejects.toMatchObject({ cause: expect.any(OverlappingQueryError) });
    // One after another, on a connection of the same pool of two: allowed.
    for (let round = 0; round < 3; round += 1) {
      const answers = await t.db.transaction(async (tx) => [
        await tx.execute(sql`select 1`),
        await tx.execute(sql`select 2`),
      ]);
      expect(answers).toHaveLength(2);
    }
  });

  it("guards the pool in tests and development, not in production unless asked", () => {
    expect(loadConfig({ KORT_ENV: "development" }).db.poolGuard).toBe(true);
    expect(loadConfig({ KORT_ENV: "test" }).db.poolGuard).toBe(true);
    expect(loadConfig({ KORT_ENV: "production" }).db.poolGuard).toBe(false);
    expect(loadConfig({ KORT_ENV: "production", KORT_DB_POOL_GUARD: "1" }).db.poolGuard).toBe(true);
    expect(loadConfig({ KORT_ENV: "development", KORT_DB_POOL_GUARD: "0" }).db.poolGuard).toBe(false);
  });

  it("without the guard, the same mistake still ends in the pool's wait bound as 503 BUSY, not a hang", async () => {
    const unguarded = createDb(String(t.db.$client.options.connectionString), {
      max: 1,
      guard: false,
      timeouts: { connectMs: 200 },
    });
    try {
      const error = await unguarded.db
        .transaction(async () => {
          await unguarded.db.execute(sql`select 1`);
        })
        .catch((thrown: unknown) => thrown);
      expect(error).not.toBeInstanceOf(SecondConnectionError);
      expect(describeError(error)).toMatchObject({ status: 503, code: "BUSY" });
    } finally {
      await unguarded.close();
    }
  });
});
