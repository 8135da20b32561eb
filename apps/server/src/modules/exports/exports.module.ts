import type { KortModule } from "../../platform/module.ts";
import { runExport, sweepExports } from "./export-task.ts";
import { exportsRoutes } from "./exports.rest.ts";
import { EXPORTS_QUEUE } from "./exports.service.ts";
import { runDueSchedules } from "./scheduled-exports.service.ts";
// Its GraphQL types and fields, registered on the shared builder when imported.
import "./exports.graphql.ts";
import "./export-accounts.graphql.ts";
import "./scheduled-exports.graphql.ts";

/**
 * Exports to accounting (issue 14): created by a request, written by a task on any server's worker (in the exports'
 * own process), downloaded through a signed link; a sweep every minute sends again what waits too long.
 */
export const exportsModule: KortModule = {
  name: "exports",
  routes: exportsRoutes,
  tasks: [
    {
      queue: EXPORTS_QUEUE,
      run: runExport,
      concurrency: 2,
      // Written in a process of their own (export-process.ts); a task past pg-boss's 15 minutes is ended there too.
      // An export holds a batch, whatever its size: with its heap capped, V8 collects the garbage of a million rows
      // as it goes instead of letting the process grow (an XLSX of 200,000 rows: 285 MB at the peak, 181 MB capped).
      // Its rows die young, so a larger young generation collects them in fewer scavenges: a CSV of 100,000 rows
      // took 1.0 s of this process's CPU with V8's default (16 MB), 0.6 s with 32 MB, at 211 MB peak for an XLSX of
      // 1,000,000 rows. 64 MB beside the capped old space made V8 collect all the time (5.5 s).
      process: {
        entry: new URL("./export-process.ts", import.meta.url),
        timeoutMs: 15 * 60_000,
        idleMs: 5 * 60_000,
        nodeOptions: ["--max-old-space-size=128", "--max-semi-space-size=32"],
      },
    },
  ],
  jobs: [
    { queue: "exports.sweep", cron: "* * * * *", run: sweepExports },
    // Every hour on the hour (UTC): the daily exports due at that hour.
    { queue: "exports.schedule", cron: "0 * * * *", run: runDueSchedules, runAtStart: true },
  ],
};
