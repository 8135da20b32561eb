import { randomBytes } from "node:crypto";
import { spawnKortServer, startScratchDatabase } from "../apps/server/src/testing/spawn-server.ts";
import { runAuthorizationBench } from "./suites/authorizations.ts";
import { runExportsBench } from "./suites/exports.ts";
import { runLedgerBench } from "./suites/ledger.ts";
import { runSessionBench } from "./suites/session.ts";
import { canReadCpu } from "./support/cpu.ts";
import { writeReport } from "./support/report.ts";
import { waitedLine, waitForStartupWork } from "./support/settle.ts";
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
  /** Settled transactions in the billing period of the authorization suite's company, measured at each size in turn. */
  authorizationSizes: (process.env.KORT_BENCH_AUTH_SIZES ?? "0,100000,1000000").split(",").map(Number),
  /** Open-loop rates for the authorization suite (issue 13: 500/s and 2,000/s on one company). */
  authorizationRates: (process.env.KORT_BENCH_AUTH_RATES ?? "500,2000").split(",").map(Number),
  /** Measured seconds per side at each of those rates and sizes, in `slices` alternating slices. */
  authorizationRateSeconds: numberSetting("KORT_BENCH_AUTH_RATE_SECONDS", 15),
  /** Companies of the authorization suite's many-companies run. */
  authorizationCompanies: numberSetting("KORT_BENCH_AUTH_COMPANIES", 20),
  /** Kort's log level: warn, as the figures of issue 10 were taken; `info` adds the request log line. */
  logLevel: process.env.KORT_BENCH_LOG_LEVEL ?? "warn",
  /** The ledger suite's company size (issue 12: a million transactions) and samples per figure. */
  ledgerTransactions: numberSetting("KORT_BENCH_LEDGER_TRANSACTIONS", 1_000_000),
  ledgerSamples: numberSetting("KORT_BENCH_LEDGER_SAMPLES", 60),
  /** Which suites run (comma-separated: session, authorizations, ledger); all when unset, for iterating on one. */
  suites: new Set(
    (process.env.KORT_BENCH_SUITES ?? "session,authorizations,ledger,exports").split(",").map((s) => s.trim()),
  ),
  /** Rows of the exports suite's CSV (issue 14: 100,000); its XLSX takes every row the ledger suite wrote. */
  exportCsvRows: numberSetting("KORT_BENCH_EXPORT_CSV_ROWS", 100_000),
  /** Node options for the spawned server only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`), space-separated. */
  serverNodeArgs: (process.env.KORT_BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter((arg) => arg !== ""),
};

// The server seals card numbers with this key and the bench issues its cards with it (spawnKortServer passes the env).
const cardKey = randomBytes(32);
process.env.KORT_CARD_KEY = cardKey.toString("base64");

// Durable commits (fsync on), as production makes them: the card decisions' figures depend on it.
const database = await startScratchDatabase({ durable: true });
// Demo mode, for the demo company, but the pool as production runs it: without the guard that the tests run
// (KORT_DB_POOL_GUARD, platform/db/client.ts).
const kort = await spawnKortServer(database.url, {
  env: { LOG_LEVEL: settings.logLevel, KORT_DB_POOL_GUARD: "0" },
  nodeArgs: settings.serverNodeArgs,
});
try {
  if (kort.pid !== undefined && canReadCpu()) {
    const waited = await waitForStartupWork(database.url, kort.pid);
    console.log(waitedLine("Kort's start-up work (reading the demo receipts)", waited));
  }
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
  if (settings.suites.has("authorizations")) {
    await runAuthorizationBench({
      baseUrl: kort.baseUrl,
      databaseUrl: database.url,
      cardKey,
      networkKey: process.env.KORT_NETWORK_KEY ?? "demo-network-key",
      sizes: settings.authorizationSizes,
      rates: settings.authorizationRates,
      rateSeconds: settings.authorizationRateSeconds,
      seconds: settings.seconds,
      warmupSeconds: settings.warmupSeconds,
      slices: settings.slices,
      concurrency: settings.concurrency,
      kortPid: kort.pid,
      companies: settings.authorizationCompanies,
    });
  }
  if (settings.suites.has("ledger"))
    await runLedgerBench({
      baseUrl: kort.baseUrl,
      databaseUrl: database.url,
      token: await createBenchToken(database.url, "owner@demo.is"),
      transactions: settings.ledgerTransactions,
      samples: settings.ledgerSamples,
    });
  // Exports read the company the ledger suite filled: they run only after it.
  if (settings.suites.has("exports") && settings.suites.has("ledger"))
    await runExportsBench({
      baseUrl: kort.baseUrl,
      databaseUrl: database.url,
      token: await createBenchToken(database.url, "owner@demo.is"),
      kortPid: kort.pid,
      csvRows: settings.exportCsvRows,
    });
  const folder = await writeReport({
    seconds: settings.seconds,
    concurrency: settings.concurrency,
    slices: settings.slices,
    warmup_seconds: settings.warmupSeconds,
    people: settings.people,
    authorization_sizes: settings.authorizationSizes.join("/"),
    authorization_rates: settings.authorizationRates.join("/"),
    authorization_rate_seconds: settings.authorizationRateSeconds,
    authorization_companies: settings.authorizationCompanies,
    durable_commits: "fsync on",
    log_level: settings.logLevel,
    ledger_transactions: settings.ledgerTransactions,
    suites: [...settings.suites].join("/"),
  });
  console.log(`\nReport: ${folder}/latest.md and latest.json`);
} finally {
  await kort.stop();
  await database.stop();
}
