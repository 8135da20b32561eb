import { randomBytes } from "node:crypto";
import { spawnKortServer, startScratchDatabase } from "../apps/server/src/testing/spawn-server.ts";
import { runAuthorizationBench } from "./suites/authorizations.ts";
import { runLedgerBench } from "./suites/ledger.ts";
import { startFloorServer } from "./support/floor-server.ts";
import { httpCall, printComparison } from "./support/load.ts";
import { closedLoop } from "./support/open-loop.ts";
import { writeReport } from "./support/report.ts";
import { createBenchToken } from "./support/token.ts";

/**
 * `npm run bench`: each figure of Kort beside its floor. Not a test: it prints, it does not judge.
 * KORT_BENCH_SECONDS and KORT_BENCH_CONCURRENCY change the load.
 */
const seconds = Number(process.env.KORT_BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.KORT_BENCH_CONCURRENCY ?? 16);

/** Open-loop rates for the authorization suite: one below a single card's capacity on a small machine, and 200/s. */
const authorizationRates = (process.env.KORT_BENCH_AUTH_RATES ?? "50,200").split(",").map(Number);
/** The ledger suite's company size (issue 12: a million transactions) and samples per figure. */
const ledgerRows = Number(process.env.KORT_BENCH_LEDGER_ROWS ?? 1_000_000);
const ledgerSamples = Number(process.env.KORT_BENCH_LEDGER_SAMPLES ?? 60);
// The server seals card numbers with this key and the bench issues its cards with it (spawnKortServer passes the env).
const cardKey = randomBytes(32);
process.env.KORT_CARD_KEY = cardKey.toString("base64");

const database = await startScratchDatabase();
const kort = await spawnKortServer(database.url);
const floor = await startFloorServer(database.url);
try {
  const token = await createBenchToken(database.url, "owner@demo.is");
  const headers = { authorization: `Bearer ${token}` };
  console.log(`Load: ${concurrency} concurrent clients for ${seconds} s each, keep-alive, 127.0.0.1`);

  // Warm both up so JIT and connection pools do not count against either side.
  const kortRest = httpCall(() => fetch(`${kort.baseUrl}/v1/users/current`, { headers }));
  const floorRest = httpCall(() => fetch(floor.url, { headers }));
  await closedLoop(kortRest, { concurrency, seconds: 1 });
  await closedLoop(floorRest, { concurrency, seconds: 1 });

  const rest = await closedLoop(kortRest, { concurrency, seconds });
  const bare = await closedLoop(floorRest, { concurrency, seconds });
  printComparison("GET /v1/users/current (session lookup) vs bare node:http + the same SQL", rest, bare);

  const body = JSON.stringify({ query: "{ me { user_id full_name email } }" });
  const graphql = await closedLoop(
    httpCall(() =>
      fetch(`${kort.baseUrl}/graphql`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body,
      }),
    ),
    { concurrency, seconds },
  );
  printComparison("POST /graphql { me } vs bare node:http + the same SQL", graphql, bare);

  await runAuthorizationBench({
    baseUrl: kort.baseUrl,
    databaseUrl: database.url,
    cardKey,
    networkKey: process.env.KORT_NETWORK_KEY ?? "demo-network-key",
    rates: authorizationRates,
    seconds,
    concurrency,
  });
  await runLedgerBench({
    baseUrl: kort.baseUrl,
    databaseUrl: database.url,
    token,
    transactions: ledgerRows,
    samples: ledgerSamples,
  });
  const folder = await writeReport({
    seconds,
    concurrency,
    authorization_rates: authorizationRates.join("/"),
    ledger_transactions: ledgerRows,
  });
  console.log(`\nReport: ${folder}/latest.md and latest.json`);
} finally {
  await floor.stop();
  await kort.stop();
  await database.stop();
}
