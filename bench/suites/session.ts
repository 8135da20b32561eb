import pg from "pg";
import { cpuReaders } from "../support/cpu.ts";
import { startFloorServer } from "../support/floor-server.ts";
import { type HttpInit, httpRequest } from "../support/http-client.ts";
import { alternate, httpCall, printComparison } from "../support/load.ts";
import { closedLoop } from "../support/open-loop.ts";
import { record } from "../support/report.ts";
import { createBenchToken } from "../support/token.ts";

/**
 * The session lookup, the work under every authenticated call: `GET /v1/users/current` and GraphQL `{ me }`, each
 * beside a bare node:http server running the same statement (support/floor-server.ts). The REST call is compared
 * with the floor's GET; the GraphQL call, a POST with a JSON body, with the floor's POST of the same body. Both sides
 * run in processes of their own, in alternating slices (support/load.ts `alternate`), and their CPU time per request
 * is read from /proc where it can be, since on a shared machine it moves less than throughput does.
 */
export type SessionBenchOptions = {
  baseUrl: string;
  /** Kort's process, for its CPU time; undefined leaves the CPU figures out. */
  kortPid: number | undefined;
  databaseUrl: string;
  /** Seconds of measured load per side, split into `slices` alternating runs. */
  seconds: number;
  slices: number;
  concurrency: number;
  /** Other people with live sessions, so the lookup runs on tables of a realistic size. */
  people: number;
  /** Unmeasured load on each path first. */
  warmupSeconds: number;
};

/** `people` users with two approved sessions each, written in one statement (the demo company has a handful). */
const seedPeople = async (databaseUrl: string, people: number): Promise<void> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `with people as (
         insert into users (full_name, email)
         select 'Bekkur ' || n, 'bench-' || n || '@bench.kort.is' from generate_series(1, $1::int) n
         returning id)
       insert into tokens (user_id, token_hash, status, expires_at)
       select id, encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'), 'approved', now() + interval '30 days'
         from people, generate_series(1, 2)`,
      [people],
    );
    await client.query("analyze users; analyze tokens");
  } finally {
    await client.end();
  }
};

export const runSessionBench = async (options: SessionBenchOptions): Promise<void> => {
  await seedPeople(options.databaseUrl, options.people);
  const floor = await startFloorServer(options.databaseUrl);
  try {
    const token = await createBenchToken(options.databaseUrl, "owner@demo.is");
    const headers = { authorization: `Bearer ${token}` };
    const body = JSON.stringify({ query: "{ me { user_id full_name email } }" });
    const post: HttpInit = { method: "POST", headers: { ...headers, "content-type": "application/json" }, body };

    const cpuOf = await cpuReaders(options.databaseUrl);
    const kortCpu = cpuOf(options.kortPid);
    const floorCpu = cpuOf(floor.pid);

    const sides = {
      rest: { send: httpCall(() => httpRequest(`${options.baseUrl}/v1/users/current`, { headers })), cpu: kortCpu },
      graphql: { send: httpCall(() => httpRequest(`${options.baseUrl}/graphql`, post)), cpu: kortCpu },
      floorGet: { send: httpCall(() => httpRequest(floor.url, { headers })), cpu: floorCpu },
      floorPost: { send: httpCall(() => httpRequest(floor.url, post)), cpu: floorCpu },
    };
    // Warm up every path, so JIT, parse caches and connection pools do not count against either side. Kort's
    // GraphQL path has the most code to compile: runs after a 2 s warm-up measured it 10-15% costlier than later.
    for (const side of Object.values(sides)) {
      await closedLoop(side.send, { concurrency: options.concurrency, seconds: options.warmupSeconds });
    }

    const load = { concurrency: options.concurrency, seconds: options.seconds, slices: options.slices };
    const rest = await alternate(sides.rest, sides.floorGet, load);
    printComparison(
      "GET /v1/users/current (session lookup) vs bare node:http GET + the same SQL",
      rest.kort,
      rest.floor,
    );
    const graphql = await alternate(sides.graphql, sides.floorPost, load);
    printComparison(
      "POST /graphql { me } vs bare node:http POST (body read and parsed) + the same SQL",
      graphql.kort,
      graphql.floor,
    );
    // The figure issue 10 set its goal on: { me } beside the GET floor, whose request costs the load generator less.
    record({
      name: "POST /graphql { me } vs bare node:http GET + the same SQL (the REST comparison's floor)",
      figure: "throughput",
      unit: "req/s",
      kort: graphql.kort.rps,
      floor: rest.floor.rps,
    });
  } finally {
    await floor.stop();
  }
};
