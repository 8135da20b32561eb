import { randomBytes } from "node:crypto";
import { spawnKortServer, startScratchDatabase } from "../apps/server/src/testing/spawn-server.ts";
import { runAuthorizationBench } from "./suites/authorizations.ts";
import { runLedgerBench } from "./suites/ledger.ts";
import { runSessionBench } from "./suites/session.ts";
import { writeReport } from "./support/report.ts";
import { createBenchToken } from "./support/token.ts";

/**
 * `npm run bench`: each figure of Kort beside its floor, printed and written to bench/results/latest.md and
 * latest.json (support/report.ts). Not a test: it prints, it does not judge. See bench/README.md for the settings.
 */
const numberSetting = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);

const settings = {
  seconds: numberSetting("KORT_BENCH_SECONDS", 5),
  concurrency: numberSetting("KORT_BENCH_CONCURRENCY", 16),
  slices: numberSetting("KORT_BENCH_SLICES", 5),
  warmupSeconds: numberSetting("KORT_BENCH_WARMUP_SECONDS", 5),
  people: numberSetting("KORT_BENCH_PEOPLE", 20_000),
  transactions: numberSetting("KORT_BENCH_TRANSACTIONS", 30_000),
  /** Open-loop rates for the authorization suite: one below a single card's capacity on a small machine, and 200/s. */
  authorizationRates: (process.env.KORT_BENCH_AUTH_RATES ?? "50,200").split(",").map(Number),
  /** Kort's log level: warn, as the figures of issue 10 were taken; `info` adds the request log line. */
  logLevel: process.env.KORT_BENCH_LOG_LEVEL ?? "warn",
  /** The ledger suite's company size (issue 12: a million transactions) and samples per figure. */
  ledgerTransactions: numberSetting("KORT_BENCH_LEDGER_TRANSACTIONS", 1_000_000),
  ledgerSamples: numberSetting("KORT_BENCH_LEDGER_SAMPLES", 60),
  /** Which suites run (comma-separated: session, authorizations, ledger); all when unset, for iterating on one. */
  suites: new Set((process.env.KORT_BENCH_SUITES ?? "session,authorizations,ledger").split(",").map((s) => s.trim())),
  /** Node options for the spawned server only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`), space-separated. */
  serverNodeArgs: (process.env.KORT_BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter((arg) => arg !== ""),
};

// The server seals card numbers with this key and the bench issues its cards with it (spawnKortServer passes the env).
const cardKey = randomBytes(32);
process.env.KORT_CARD_KEY = cardKey.toString("base64");

const database = await startScratchDatabase();
const kort = await spawnKortServer(database.url, {
  env: { LOG_LEVEL: settings.logLevel },
  nodeArgs: settings.serverNodeArgs,
});
try {
  console.log(
    `Load: ${settings.concurrency} concurrent clients, ${settings.seconds} s a side, keep-alive, 127.0.0.1; Kort logs at ${settings.logLevel}`,
  );
  if (settings.suites.has("session"))
    await runSessionBench({
      baseUrl: kort.baseUrl,
      kortPid: kort.pid,
      databaseUrl: database.url,
      seconds: settings.seconds,
      slices: settings.slices,
      concurrency: settings.concurrency,
      people: settings.people,
      warmupSeconds: settings.warmupSeconds,
    });
  if (settings.suites.has("authorizations"))
    await runAuthorizationBench({
      baseUrl: kort.baseUrl,
      databaseUrl: database.url,
      cardKey,
      networkKey: process.env.KORT_NETWORK_KEY ?? "demo-network-key",
      history: settings.transactions,
      rates: settings.authorizationRates,
      seconds: settings.seconds,
      concurrency: settings.concurrency,
    });
  if (settings.suites.has("ledger"))
    await runLedgerBench({
      baseUrl: kort.baseUrl,
      databaseUrl: database.url,
      token: await createBenchToken(database.url, "owner@demo.is"),
      transactions: settings.ledgerTransactions,
      samples: settings.ledgerSamples,
    });
  const folder = await writeReport({
    seconds: settings.seconds,
    concurrency: settings.concurrency,
    slices: settings.slices,
    warmup_seconds: settings.warmupSeconds,
    people: settings.people,
    transactions: settings.transactions,
    authorization_rates: settings.authorizationRates.join("/"),
    log_level: settings.logLevel,
    ledger_transactions: settings.ledgerTransactions,
    suites: [...settings.suites].join("/"),
  });
  console.log(`\nReport: ${folder}/latest.md and latest.json`);
} finally {
  await kort.stop();
  await database.stop();
}
