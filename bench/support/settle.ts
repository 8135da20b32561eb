import pg from "pg";
import { processCpuMs } from "./cpu.ts";

/**
 * Waiting for a freshly started demo server to finish its start-up work before anything is measured. The demo
 * company's receipts are read (OCR) by a task that their sweep sends once they are a minute old: about a minute of
 * one core, one to three minutes after the server starts, which would otherwise run under the first suites' figures,
 * Kort's and the floor's alike.
 */

const POLL_MS = 2_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Receipts of the last day that have no reading yet: the ones the sweep will hand to the reading task. */
const UNREAD_RECEIPTS = `
  select count(*)::int as unread from receipts r
   where r.deleted_at is null and r.created_at > now() - interval '1 day'
     and not exists (select 1 from receipt_readings x where x.project_id = r.project_id and x.receipt_id = r.id)`;

/**
 * Resolves once every recent receipt has been read and then `pid` has used at most 5% of a core over a whole poll, or
 * after `timeoutMs` (then `settled` is false and the caller says so).
 */
export const waitForStartupWork = async (
  databaseUrl: string,
  pid: number,
  { timeoutMs = 300_000 } = {},
): Promise<{ settled: boolean; waitedMs: number }> => {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let last = processCpuMs(pid);
    while (performance.now() - started < timeoutMs) {
      await pause(POLL_MS);
      const cpu = processCpuMs(pid);
      const { rows } = await client.query<{ unread: number }>(UNREAD_RECEIPTS);
      const quiet = cpu - last <= POLL_MS * 0.05;
      last = cpu;
      if ((rows[0]?.unread ?? 0) === 0 && quiet) return { settled: true, waitedMs: performance.now() - started };
    }
    return { settled: false, waitedMs: performance.now() - started };
  } finally {
    await client.end();
  }
};
