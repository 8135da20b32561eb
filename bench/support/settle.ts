import { readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { MS_PER_DAY } from "@kort/core";
import { receiptsWithoutReading } from "../../apps/server/src/modules/receipt-reading/reading.repo.ts";
import { createDb } from "../../apps/server/src/platform/db/client.ts";
import { processCpuMs } from "./cpu.ts";

/**
 * Waiting for the machine to be quiet before anything is measured, so that a figure is the steady state and not the
 * wake of what came before it. A freshly started demo server reads its demo company's receipts (OCR) by a task that
 * their sweep sends once they are a minute old: about a minute of one core, one to three minutes after the server
 * starts (`waitForStartupWork`). After a suite has written tens of thousands of rows, or a ledger of a million,
 * PostgreSQL's autovacuum and the kernel's write-back of those pages run for a while (`waitForQuiet`). Either would
 * otherwise run under the next figures, Kort's and the floor's alike.
 */

const POLL_MS = 2_000;
/** At most this share of one core, per process group, over a whole poll. */
const QUIET_CPU_SHARE = 0.05;
/** At most this many bytes a second written to the machine's disks over a whole poll. */
const QUIET_WRITE_BYTES_PER_SECOND = 1024 * 1024;
const SECTOR_BYTES = 512;

/** Bytes written to the machine's whole disks so far (/proc/diskstats; partitions are not counted twice). */
const bytesWritten = (): number => {
  try {
    const disks = readFileSync("/proc/diskstats", "utf8").trim().split("\n");
    const fields = disks.map((line) => line.trim().split(/\s+/));
    const names = new Set(fields.map((field) => field[2] ?? ""));
    // A partition (vda1, nvme0n1p1) is counted in its disk (vda, nvme0n1); loop and ram devices are not disks, and
    // device-mapper and software RAID devices pass their writes on to disks that are counted.
    const isPartition = (name: string) =>
      [...names].some((other) => other !== name && name.startsWith(other) && /^p?\d+$/.test(name.slice(other.length)));
    return fields
      .filter(([, , name = ""]) => !/^(loop|ram|zram|dm-|md)/.test(name) && !isPartition(name))
      .reduce((sum, field) => sum + Number(field[9] ?? 0) * SECTOR_BYTES, 0);
  } catch {
    return Number.NaN;
  }
};

export type Waited = { settled: boolean; waitedMs: number };

/** The line every wait prints before figures are taken: how long `what` took to end, or that it did not. */
export const waitedLine = (what: string, { settled, waitedMs }: Waited): string => {
  const seconds = (waitedMs / 1000).toFixed(0);
  return settled
    ? `${what} ended after ${seconds} s; measuring`
    : `${what} went on past ${seconds} s; measuring anyway`;
};

/** Polls `isQuiet` every POLL_MS until it answers true (settled) or `timeoutMs` has passed (not settled). */
const pollUntil = async (isQuiet: () => Promise<boolean> | boolean, timeoutMs: number): Promise<Waited> => {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    await delay(POLL_MS);
    if (await isQuiet()) return { settled: true, waitedMs: performance.now() - started };
  }
  return { settled: false, waitedMs: performance.now() - started };
};

/** Whether at most QUIET_CPU_SHARE of a core was used over a poll, from two readings in milliseconds. */
const cpuQuiet = (before: number, after: number) => after - before <= POLL_MS * QUIET_CPU_SHARE;

/**
 * Resolves once, over a whole poll, Kort's server and PostgreSQL (all its processes: autovacuum, the checkpointer,
 * the WAL writer) have each used at most 5% of a core and the disks have taken at most 1 MB/s, or after `timeoutMs`
 * (then `settled` is false and the caller says so). Without /proc, it resolves at once.
 */
export const waitForQuiet = async (
  readers: { server?: () => number; database: () => number } | undefined,
  { timeoutMs = 180_000 } = {},
): Promise<Waited> => {
  if (!readers) return { settled: true, waitedMs: 0 };
  const read = () => ({ server: readers.server?.() ?? 0, database: readers.database(), written: bytesWritten() });
  let last = read();
  return pollUntil(() => {
    const now = read();
    // NaN where /proc/diskstats cannot be read: then the disks are no reason to wait.
    const written = now.written - last.written;
    const quiet =
      cpuQuiet(last.server, now.server) &&
      cpuQuiet(last.database, now.database) &&
      !(written > (QUIET_WRITE_BYTES_PER_SECOND * POLL_MS) / 1000);
    last = now;
    return quiet;
  }, timeoutMs);
};

/**
 * Resolves once every recent receipt has been read and then `pid` has used at most 5% of a core over a whole poll, or
 * after `timeoutMs` (then `settled` is false and the caller says so).
 */
export const waitForStartupWork = async (
  databaseUrl: string,
  pid: number,
  { timeoutMs = 300_000 } = {},
): Promise<Waited> => {
  const { db, close } = createDb(databaseUrl, { max: 1 });
  try {
    let last = processCpuMs(pid);
    return await pollUntil(async () => {
      const cpu = processCpuMs(pid);
      // The reading sweep's own query: receipts of the last day without a reading.
      const unread = await receiptsWithoutReading(db, new Date(Date.now() - MS_PER_DAY), new Date());
      const quiet = unread.length === 0 && cpuQuiet(last, cpu);
      last = cpu;
      return quiet;
    }, timeoutMs);
  } finally {
    await close();
  }
};
