import { performance } from "node:perf_hooks";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { lineStatement } from "../../apps/server/src/modules/exports/export-rows.ts";
import { inlineStatement } from "../../apps/server/src/platform/db/copy-out.ts";
import { graphqlCaller } from "../support/http-client.ts";
import { percentile } from "../support/percentile.ts";
import { record } from "../support/report.ts";
import { childPid, rssBytes, watchPeakRss } from "../support/rss.ts";

/**
 * Exports (issue 14) on the demo company the ledger suite filled: a CSV of 100,000 transactions, from the request
 * to the completed file, beside PostgreSQL's own `COPY (the same rows and columns) TO STDOUT` read to the end; and
 * the server's peak RSS while it writes an XLSX of every row (1,000,000), beside its RSS before.
 */
export type ExportsBenchOptions = {
  baseUrl: string;
  databaseUrl: string;
  /** Bearer token of the demo owner. */
  token: string;
  kortPid: number | undefined;
  csvRows: number;
};

const DAY_MS = 86_400_000;
/** How many times each side of the CSV comparison runs. */
const CSV_ROUNDS = 3;

const median = (values: readonly number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export const runExportsBench = async (options: ExportsBenchOptions): Promise<void> => {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const owner = await client.query<{ project_id: string }>(
      `select m.project_id from project_members m join users u on u.id = m.user_id
        where u.email = 'owner@demo.is' order by m.created_at limit 1`,
    );
    const projectId = owner.rows[0]?.project_id;
    if (!projectId) throw new Error("The demo owner is missing");
    // The day from which the company's newest `csvRows` settled transactions start.
    const start = await client.query<{ at: Date }>(
      `select transaction_date as at from transactions where project_id = $1 and closed_at is not null
        order by transaction_date desc offset $2 limit 1`,
      [projectId, options.csvRows],
    );
    const from = new Date(Math.ceil((start.rows[0]?.at ?? new Date(0)).getTime() / DAY_MS) * DAY_MS);
    const fromDate = from.toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);

    const graphql = graphqlCaller({ baseUrl: options.baseUrl, token: options.token, projectId });
    type Answers = Record<string, Record<string, unknown> | undefined>;
    const exportOf = async (fileType: string, filter: Record<string, unknown>) => {
      const created = await graphql<Answers>(
        "mutation ($input: ExportInput!) { create_export(input: $input) { id total_count } }",
        { input: { level: "PROJECT", file_type: fileType, selection: { filter } } },
      );
      const id = String(created.create_export?.id);
      for (;;) {
        const status = await graphql<Answers>("query ($id: ID!) { export(id: $id) { status processed_count error } }", {
          id,
        });
        if (status.export?.status === "completed") return Number(created.create_export?.total_count);
        if (status.export?.status === "failed") throw new Error(`The export failed: ${String(status.export.error)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    console.log(
      `\nExports: CSV of the newest ~${options.csvRows.toLocaleString("en")} transactions (from ${fromDate})`,
    );
    // A first, one-day export starts the server's exports process (export-process.ts; it then stays up while work
    // comes): the figure below is an export's, as the floor's is a query's on a connected client.
    const newest = await client.query<{ day: string }>(
      `select to_char(max(transaction_date), 'YYYY-MM-DD') as day from transactions
        where project_id = $1 and closed_at is not null`,
      [projectId],
    );
    const day = newest.rows[0]?.day ?? today;
    const warmStarted = performance.now();
    await exportOf("CSV", { from_date: day, to_date: day });
    console.log(
      `  the exports process started with a one-day export in ${(performance.now() - warmStarted).toFixed(0)} ms`,
    );
    // The floor: the export's own statement (export-rows.ts) over the same rows, as PostgreSQL writes CSV.
    const floorStatement = `COPY (${inlineStatement(
      lineStatement(
        sql`t.project_id = ${projectId} and t.transaction_date >= ${fromDate}::date and t.closed_at is not null`,
        { seller: false },
      ),
    )}) TO STDOUT (FORMAT csv)`;
    const copyOnce = async () => {
      const started = performance.now();
      let bytes = 0;
      await pipeline(
        client.query(copyTo(floorStatement)),
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            bytes += chunk.length;
            done();
          },
        }),
      );
      return { ms: performance.now() - started, bytes };
    };
    // Each side three times, alternating, and the medians compared: one run of each was as much the machine's moment
    // as either side's work (the same code measured 1.9x and 2.6x a few minutes apart).
    const floorRuns: number[] = [];
    const kortRuns: number[] = [];
    let floorBytes = 0;
    let rows = 0;
    for (let round = 0; round < CSV_ROUNDS; round++) {
      const copied = await copyOnce();
      floorRuns.push(copied.ms);
      floorBytes = copied.bytes;
      const kortStarted = performance.now();
      rows = await exportOf("CSV", { from_date: fromDate, to_date: today });
      kortRuns.push(performance.now() - kortStarted);
    }
    const seconds = (runs: number[]) => runs.map((ms) => (ms / 1000).toFixed(2)).join(", ");
    const kortMs = median(kortRuns);
    const floorMs = median(floorRuns);
    console.log(
      `  ${rows} rows: Kort ${seconds(kortRuns)} s, COPY ${seconds(floorRuns)} s (${floorBytes} bytes); medians ` +
        `${(kortMs / 1000).toFixed(2)} s and ${(floorMs / 1000).toFixed(2)} s`,
    );
    record({
      name: `CSV export of ${rows.toLocaleString("en")} rows, request to completed file (median of ${CSV_ROUNDS})`,
      figure: "time",
      unit: "ms",
      kort: kortMs,
      floor: floorMs,
    });

    if (options.kortPid !== undefined) {
      // Exports are written in the server's exports process (export-process.ts), which the CSV above started.
      const exportPid = childPid(options.kortPid, "export-process");
      if (exportPid === undefined) throw new Error("The server's exports process is not running");
      console.log(`  XLSX of every settled transaction, the peak RSS of the exports process (pid ${exportPid})`);
      const before = { exports: rssBytes(exportPid), server: rssBytes(options.kortPid) };
      const stopExports = watchPeakRss(exportPid);
      const stopServer = watchPeakRss(options.kortPid);
      const all = await exportOf("XLSX", { from_date: "2000-01-01", to_date: today });
      const peak = { exports: stopExports(), server: stopServer() };
      const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
      console.log(
        `  ${all} rows: exports process peak ${mb(peak.exports)} (before ${mb(before.exports)}); ` +
          `server peak ${mb(peak.server)} (before ${mb(before.server)})`,
      );
      record({
        name: `XLSX export of ${all.toLocaleString("en")} rows, peak RSS of the process writing it (goal under 256 MB)`,
        figure: "peak RSS",
        unit: "MB",
        kort: peak.exports / 2 ** 20,
        floor: before.exports / 2 ** 20,
      });
    }
  } finally {
    await client.end();
  }
};
