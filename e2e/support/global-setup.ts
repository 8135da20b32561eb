import { existsSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { spawnKortServer, startScratchDatabase } from "../../apps/server/src/testing/spawn-server.ts";
import { CHROMIUM_PATH } from "./browser.ts";

/** The server's lock timeout in this suite (KORT_DB_LOCK_TIMEOUT_MS); flows that hold a lock stay well inside it. */
const LOCK_TIMEOUT_MS = 20_000;

/**
 * One real Kort server for the run, on its own fresh database (embedded, or a new database on the server
 * DATABASE_URL names). It seeds the demo company itself, so flows sign in as the README's demo users.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  const index = path.resolve(import.meta.dirname, "../../apps/web/dist/index.html");
  if (!existsSync(index)) throw new Error("Build the web app first: npm run build");

  const database = await startScratchDatabase();
  // A lock waits up to 20 s here, not production's 5 s: the exports flow holds its purchases' rows to watch an export
  // stop at 100% before it stamps them, and on a busy machine the bar can take more than the 5 s to show.
  // Each browser sends a client address of its own (X-Forwarded-For, browser.ts), trusted from loopback as a load
  // balancer's would be: the per-address sign-in limits then count each test's person apart, as they count real
  // people apart, instead of adding every flow of the run into one address.
  const server = await spawnKortServer(database.url, {
    env: { KORT_DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS), KORT_TRUST_PROXY: "127.0.0.1" },
  }).catch(async (error: unknown) => {
    await database.stop();
    throw error;
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", database.url);
  project.provide("smtpPort", server.smtpPort);
  project.provide("serverPid", server.pid);
  return async () => {
    await server.stop();
    await database.stop();
  };
}
