import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type pg from "pg";
import type { TestProject } from "vitest/node";
import { createDb } from "../client.ts";
import { startEmbeddedPostgres } from "../embedded.ts";
import type { DbLog } from "../embedded-support.ts";
import { migrateDatabase } from "../migrate.ts";
import { dropDatabase, withAdmin } from "./admin.ts";
import { TEST_DATABASE_KEY, TEST_DATABASE_PATTERN, testDatabaseName, withDatabase } from "./provided.ts";

/**
 * One PostgreSQL for the whole run: `DATABASE_URL` when set (its database is the admin connection), else an
 * embedded server in a temp folder with durability off. It gets one migrated template; each test file
 * clones it (testing/test-db.ts). KORT_DB_TIMINGS=1 prints how long each step took.
 */

const log: DbLog = {
  debug() {},
  info() {},
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};

/** Clones older than this belong to runs that crashed before their teardown. */
const LEFTOVER_AGE_SECONDS = 24 * 60 * 60;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const timings: string[] = [];
  const timed: Timed = async (label, work) => {
    const started = performance.now();
    const result = await work();
    timings.push(`${label} ${Math.round(performance.now() - started)} ms`);
    return result;
  };

  let adminUrl = process.env.DATABASE_URL;
  let stopServer = async () => {};
  let tempDir: string | undefined;
  if (adminUrl === undefined || adminUrl === "") {
    const dataDir = await mkdtemp(path.join(tmpdir(), "kort-test-pg-"));
    tempDir = dataDir;
    const server = await timed("embedded PostgreSQL (initdb + start)", () =>
      startEmbeddedPostgres({ dataDir, log, durable: false }),
    );
    adminUrl = server.adminUrl;
    stopServer = server.stop;
  }
  const admin = adminUrl;

  const template = testDatabaseName("tpl");
  const teardown = async () => {
    await withAdmin(admin, (client) => dropDatabase(client, template)).catch((error: unknown) =>
      console.warn(`Could not drop the test template ${template}: ${String(error)}`),
    );
    await stopServer();
    if (tempDir !== undefined) await rm(tempDir, { recursive: true, force: true });
  };
  try {
    await prepareTemplate(admin, template, timed);
  } catch (error) {
    // Vitest runs no teardown for a setup that threw: leave no server or folder behind.
    await teardown();
    throw error;
  }
  if (process.env.KORT_DB_TIMINGS) console.log(`[test db] ${timings.join(", ")}`);

  project.provide(TEST_DATABASE_KEY, { adminUrl: admin, template });

  return teardown;
}

type Timed = <T>(label: string, work: () => Promise<T>) => Promise<T>;

async function prepareTemplate(admin: string, template: string, timed: Timed): Promise<void> {
  await withAdmin(admin, async (client) => {
    await dropLeftovers(client);
    await client.query(`create database ${client.escapeIdentifier(template)}`);
  });
  await timed("template migration", async () => {
    const { db, close } = createDb(withDatabase(admin, template), { max: 1 });
    try {
      await migrateDatabase(db);
    } finally {
      await close();
    }
  });
  // No connections allowed: a stray one would make every clone fail with "being accessed by other users".
  await withAdmin(admin, (client) =>
    client.query(`alter database ${client.escapeIdentifier(template)} with is_template true allow_connections false`),
  );
}

async function dropLeftovers(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>("select datname from pg_database");
  const now = Date.now() / 1000;
  for (const { datname } of rows) {
    const match = TEST_DATABASE_PATTERN.exec(datname);
    if (match && now - Number(match[2]) > LEFTOVER_AGE_SECONDS) await dropDatabase(client, datname);
  }
}
