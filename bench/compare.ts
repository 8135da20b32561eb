import { randomBytes } from "node:crypto";
import path from "node:path";
import { spawnKortServer, startScratchDatabase } from "../apps/server/src/testing/spawn-server.ts";
import { cpuReaders } from "./support/cpu.ts";
import { type HttpInit, httpRequest } from "./support/http-client.ts";
import { alternate, httpCall } from "./support/load.ts";
import { closedLoop } from "./support/open-loop.ts";
import { waitForStartupWork } from "./support/settle.ts";
import { createBenchToken } from "./support/token.ts";

/**
 * Two versions of Kort side by side, for a change too small for the floor comparisons to show on a shared machine:
 * the server of another checkout (`KORT_COMPARE_BASE`, e.g. a `git worktree` of the commit before) and this
 * checkout's, on one scratch database, loaded in turns second by second (support/load.ts `alternate`) with the
 * session lookup and `{ me }`. Each round prints both sides' server CPU per request and throughput, and the second's
 * over the first's; who goes first changes every round. Prints only: the report (`npm run bench`) is unchanged.
 *
 * `KORT_COMPARE_BASE=/tmp/kort-before node --import tsx compare.ts` from bench/; the other checkout needs its
 * `node_modules` (a link to this one's will do when the dependencies are the same).
 */

const base = process.env.KORT_COMPARE_BASE;
if (!base) throw new Error("KORT_COMPARE_BASE: the other checkout's folder");
const rounds = Number(process.env.KORT_COMPARE_ROUNDS ?? 8);
const seconds = Number(process.env.KORT_COMPARE_SECONDS ?? 10);
const paths = (process.env.KORT_COMPARE_PATHS ?? "rest,graphql").split(",");

const baseModule = path.resolve(base, "apps/server/src/testing/spawn-server.ts");
const spawnBase = (await import(baseModule)).spawnKortServer as typeof spawnKortServer;

// Both servers open the cards with this key; the demo seed of the first seals them with it.
process.env.KORT_CARD_KEY = randomBytes(32).toString("base64");
const database = await startScratchDatabase({ durable: true });
const env = { LOG_LEVEL: "warn", KORT_DB_POOL_GUARD: "0" };
const before = await spawnBase(database.url, { env });
const after = await spawnKortServer(database.url, { env });
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const us = (value: number | undefined) => `${(value ?? Number.NaN).toFixed(1)} µs`;

try {
  await Promise.all(
    [before, after].map((server) => (server.pid ? waitForStartupWork(database.url, server.pid) : undefined)),
  );
  const token = await createBenchToken(database.url, "owner@demo.is");
  const headers = { authorization: `Bearer ${token}` };
  const body = JSON.stringify({ query: "{ me { user_id full_name email } }" });
  const post: HttpInit = { method: "POST", headers: { ...headers, "content-type": "application/json" }, body };
  const cpuOf = await cpuReaders(database.url);
  for (const name of paths) {
    const side = (server: typeof before) => ({
      send: httpCall(() =>
        name === "rest"
          ? httpRequest(`${server.baseUrl}/v1/users/current`, { headers })
          : httpRequest(`${server.baseUrl}/graphql`, post),
      ),
      cpu: cpuOf(server.pid),
    });
    const sides = { before: side(before), after: side(after) };
    for (const warm of [sides.before, sides.after]) await closedLoop(warm.send, { concurrency: 16, seconds: 5 });
    console.log(
      `\n${name === "rest" ? "GET /v1/users/current" : "POST /graphql { me }"}: before = ${base}, after = here`,
    );
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const first = round % 2 === 0 ? sides.before : sides.after;
      const second = round % 2 === 0 ? sides.after : sides.before;
      const run = await alternate(first, second, { concurrency: 16, seconds, slices: seconds });
      const { kort: a, floor: b } = round % 2 === 0 ? run : { kort: run.floor, floor: run.kort };
      const ratio = (b.serverCpuUs ?? Number.NaN) / (a.serverCpuUs ?? Number.NaN);
      ratios.push(ratio);
      console.log(
        `  round ${round + 1}: before ${us(a.serverCpuUs)} ${a.rps.toFixed(0)}/s, after ${us(b.serverCpuUs)} ${b.rps.toFixed(0)}/s; server CPU after/before ${ratio.toFixed(3)}`,
      );
    }
    console.log(`  median of the rounds' after/before: ${median(ratios).toFixed(3)}`);
  }
} finally {
  await Promise.allSettled([before.stop(), after.stop()]);
  await database.stop();
}
