import { setTimeout as delay } from "node:timers/promises";
import { MS_PER_DAY } from "@kort/core";
import { receiptsWithoutReading } from "../../apps/server/src/modules/receipt-reading/reading.repo.ts";
import { createDb } from "../../apps/server/src/platform/db/client.ts";
import { processCpuMs } from "./cpu.ts";

/**
 * Waiting for a freshly started demo server to finish its start-up work before anything is measured. The demo
 * company's receipts are read (OCR) by a task that their sweep sends once they are a minute old: about a minute of
 * one core, one to three minutes after the server starts, which would otherwise run under the first suites' figures,
 * Kort's and the floor's alike.
 */

const POLL_MS = 2_000;

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
  const { db, close } = createDb(databaseUrl, { max: 1 });
  try {
    let last = processCpuMs(pid);
    while (performance.now() - started < timeoutMs) {
      await delay(POLL_MS);
      const cpu = processCpuMs(pid);
      // The reading sweep's own query: receipts of the last day without a reading.
      const unread = await receiptsWithoutReading(db, new Date(Date.now() - MS_PER_DAY), new Date());
      const quiet = cpu - last <= POLL_MS * 0.05;
      last = cpu;
      if (unread.length === 0 && quiet) return { settled: true, waitedMs: performance.now() - started };
    }
    return { settled: false, waitedMs: performance.now() - started };
  } finally {
    await close();
  }
};
