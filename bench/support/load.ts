import { machineTicks } from "./cpu.ts";
import type { ActivityReader } from "./db-activity.ts";
import type { HttpAnswer } from "./http-client.ts";
import {
  closedLoopInto,
  emptyTally,
  LATE_MS,
  openLoopAcrossInto,
  openLoopInto,
  type Send,
  summarize,
  type Tally,
} from "./open-loop.ts";
import { record } from "./report.ts";

/** What one load run measured; the generators are in open-loop.ts. */
export type LoadResult = {
  requests: number;
  errors: number;
  /** Open loop: calls the caller sent late (open-loop.ts, `LATE_MS`); always 0 in a closed loop. */
  late: number;
  seconds: number;
  p50: number;
  p99: number;
  rps: number;
};

/** A `Send` for an HTTP call (support/http-client.ts): succeeded when the answer is 2xx. */
export const httpCall = (request: () => Promise<HttpAnswer>) => async (): Promise<boolean> => (await request()).ok;

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** One line a figure: Kort's figure, the floor's, and how many times the floor it is; each also goes to the report. */
export const printComparison = (title: string, kort: SideResult, floor: SideResult): void => {
  console.log(`\n${title}`);
  console.log(`  ${"figure".padEnd(24)}${"kort".padStart(14)}${"floor".padStart(14)}${"ratio".padStart(10)}`);
  const row = (name: string, a: number, b: number, format: (v: number) => string) =>
    console.log(
      `  ${name.padEnd(24)}${format(a).padStart(14)}${format(b).padStart(14)}${`${(a / b).toFixed(2)}x`.padStart(10)}`,
    );
  row("p50", kort.p50, floor.p50, ms);
  row("p99", kort.p99, floor.p99, ms);
  row("throughput", kort.rps, floor.rps, (v) => `${v.toFixed(0)}/s`);
  record({ name: title, figure: "p50", unit: "ms", kort: kort.p50, floor: floor.p50 });
  record({ name: title, figure: "p99", unit: "ms", kort: kort.p99, floor: floor.p99 });
  record({ name: title, figure: "throughput", unit: "req/s", kort: kort.rps, floor: floor.rps });
  const cpu = (name: string, a: number | undefined, b: number | undefined) => {
    if (a === undefined || !Number.isFinite(a)) return;
    // A floor with no process of its own (SQL straight from the bench): Kort's figure is printed, with no ratio.
    if (b === undefined || !Number.isFinite(b)) {
      console.log(`  ${name.padEnd(24)}${`${a.toFixed(0)} µs`.padStart(14)}${"-".padStart(14)}`);
      return;
    }
    row(name, a, b, (v) => `${v.toFixed(0)} µs`);
    record({ name: title, figure: name, unit: "µs", kort: a, floor: b });
  };
  cpu("server CPU/request", kort.serverCpuUs, floor.serverCpuUs);
  cpu("PostgreSQL CPU/request", kort.databaseCpuUs, floor.databaseCpuUs);
  if (kort.activity && floor.activity) {
    const wal = (side: SideResult) => (side.activity?.walBytes ?? Number.NaN) / 1024 / Math.max(1, side.requests);
    row("WAL/request", wal(kort), wal(floor), (v) => `${v.toFixed(1)} KB`);
    record({ name: title, figure: "WAL/request", unit: "KB", kort: wal(kort), floor: wal(floor) });
    const { slices } = kort.activity;
    console.log(
      `  autovacuum at work in ${kort.activity.vacuumSlices} of ${slices} slices vs ${floor.activity.vacuumSlices} of ${slices}`,
    );
  }
  if (kort.machine && floor.machine) {
    const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
    console.log(
      `  machine busy ${percent(kort.machine.busyShare)} vs ${percent(floor.machine.busyShare)}, stolen by the hypervisor ${percent(kort.machine.stolenShare)} vs ${percent(floor.machine.stolenShare)} (worst slice ${percent(kort.machine.worstSliceStolenShare)} vs ${percent(floor.machine.worstSliceStolenShare)})`,
    );
    const share = (figure: string, a: number, b: number) =>
      record({ name: title, figure, unit: "%", kort: a * 100, floor: b * 100 });
    share("machine busy", kort.machine.busyShare, floor.machine.busyShare);
    share("machine stolen by the hypervisor", kort.machine.stolenShare, floor.machine.stolenShare);
    share(
      "machine stolen by the hypervisor, worst slice",
      kort.machine.worstSliceStolenShare,
      floor.machine.worstSliceStolenShare,
    );
  }
  console.log(`  requests ${kort.requests} (errors ${kort.errors}) vs ${floor.requests} (errors ${floor.errors})`);
  // The caller's own lateness, which the open loop's latencies include: said, so that a p99 is read beside it.
  if (kort.late > 0 || floor.late > 0) {
    const share = (side: SideResult) =>
      `${side.late} (${((side.late / Math.max(1, side.requests)) * 100).toFixed(2)}%)`;
    console.log(`  sent over ${LATE_MS} ms after they were due, by the caller: ${share(kort)} vs ${share(floor)}`);
    record({ name: title, figure: "sent late by the caller", unit: "requests", kort: kort.late, floor: floor.late });
  }
  // A refused or failed call (Kort's 503 BUSY past a database bound, say) is part of the figure: recorded when any.
  if (kort.errors > 0 || floor.errors > 0) {
    record({ name: title, figure: "failed requests", unit: "requests", kort: kort.errors, floor: floor.errors });
  }
};

/**
 * A side of an alternating comparison: what to send, and the processes whose CPU time it costs (when readable). A
 * floor that is SQL sent straight from the bench has no server of its own: only its database is read.
 */
export type Side = { send: Send; cpu?: { server?: () => number; database: () => number } };

/**
 * What the database wrote during a side's slices (WAL bytes), and in how many of them an autovacuum worker was
 * running at the slice's start or end (db-activity.ts).
 */
export type SideActivity = { walBytes: number; vacuumSlices: number; slices: number };

/**
 * The whole machine during a side's slices, as shares of its cores' time (cpu.ts, `machineTicks`): busy (every
 * process, the bench's own caller too), stolen by the hypervisor, and stolen in the side's worst slice (a p99 is
 * decided by its worst seconds). Absent where /proc/stat cannot be read.
 */
export type SideMachine = { busyShare: number; stolenShare: number; worstSliceStolenShare: number };

export type SideResult = LoadResult & {
  serverCpuUs?: number;
  databaseCpuUs?: number;
  activity?: SideActivity;
  machine?: SideMachine;
};

/** How a comparison loads each side: `concurrency` callers back to back (saturation), or calls at a fixed `rate`. */
export type LoadShape = { concurrency: number } | { rate: number };

/**
 * The machine's shares (SideMachine) over the slices run `during` it, from /proc/stat before and after each; none
 * when it could not be read around every slice.
 */
const machineOverSlices = () => {
  const sum = { total: 0, idle: 0, steal: 0, worstSliceSteal: 0 };
  let read = true;
  return {
    during: async (slice: () => Promise<void>): Promise<void> => {
      const before = machineTicks();
      await slice();
      const after = machineTicks();
      if (!before || !after) {
        read = false;
        return;
      }
      const total = after.total - before.total;
      const steal = after.steal - before.steal;
      sum.total += total;
      sum.idle += after.idle - before.idle;
      sum.steal += steal;
      sum.worstSliceSteal = Math.max(sum.worstSliceSteal, total > 0 ? steal / total : 0);
    },
    shares: (): SideMachine | undefined =>
      read && sum.total > 0
        ? {
            busyShare: (sum.total - sum.idle - sum.steal) / sum.total,
            stolenShare: sum.steal / sum.total,
            worstSliceStolenShare: sum.worstSliceSteal,
          }
        : undefined,
  };
};

/**
 * Runs of Kort and its floor taken in turns: `slices` short runs of each, alternating, added up per side, so each
 * figure is over all of a side's `seconds`. On a machine shared with other work, a burst of that work then falls on
 * both sides alike instead of on whichever happened to run during it. CPU time per request (server process and
 * PostgreSQL) is read around each run.
 */
export const alternate = async (
  kort: Side,
  floor: Side,
  options: LoadShape & { seconds: number; slices: number; activity?: ActivityReader },
): Promise<{ kort: SideResult; floor: SideResult }> => {
  const sides = [kort, floor].map((side) => ({
    side,
    tally: emptyTally(),
    serverMs: 0,
    databaseMs: 0,
    activity: { walBytes: 0, vacuumSlices: 0, slices: 0 },
    machine: machineOverSlices(),
  }));
  const seconds = options.seconds / options.slices;
  const run = (tally: Tally, send: Send) =>
    "rate" in options
      ? openLoopInto(tally, send, { rate: options.rate, seconds })
      : closedLoopInto(tally, send, { concurrency: options.concurrency, seconds });
  for (let index = 0; index < options.slices; index += 1) {
    // Who goes first changes each slice, so neither side always follows the other's leftovers.
    for (const entry of index % 2 === 0 ? sides : [...sides].reverse()) {
      // The activity is read outside the CPU readings, so that its query costs neither side.
      const before = await options.activity?.();
      const server = entry.side.cpu?.server?.() ?? Number.NaN;
      const database = entry.side.cpu?.database() ?? 0;
      await entry.machine.during(() => run(entry.tally, entry.side.send));
      entry.serverMs += (entry.side.cpu?.server?.() ?? Number.NaN) - server;
      entry.databaseMs += (entry.side.cpu?.database() ?? 0) - database;
      const after = await options.activity?.();
      if (before && after) {
        entry.activity.walBytes += after.walBytes - before.walBytes;
        entry.activity.vacuumSlices += before.vacuuming > 0 || after.vacuuming > 0 ? 1 : 0;
        entry.activity.slices += 1;
      }
    }
  }
  const [kortResult, floorResult] = sides.map(
    ({ side, tally, serverMs, databaseMs, activity, machine }): SideResult => {
      const summary = summarize(tally);
      const shares = machine.shares();
      const withMachine = shares ? { ...summary, machine: shares } : summary;
      const result = options.activity ? { ...withMachine, activity } : withMachine;
      if (!side.cpu) return result;
      const perRequest = (ms: number) => (ms * 1000) / Math.max(1, result.requests);
      return { ...result, serverCpuUs: perRequest(serverMs), databaseCpuUs: perRequest(databaseMs) };
    },
  );
  if (!kortResult || !floorResult) throw new Error("unreachable: two sides");
  return { kort: kortResult, floor: floorResult };
};

/**
 * Two sides of one server measured at the same instants: one open loop at `rate` calls a second in all whose calls
 * go to each side in turn (open-loop.ts, `openLoopAcrossInto`), so each side gets half of them, for `seconds` in
 * `slices` runs. A stall of the machine falls on both sides alike, which alternating slices cannot promise: a stall
 * decides a p99, and in slices it lands on one side. The machine's shares are the run's, the same for both sides;
 * the CPU per request is not split between them (both are one server's and one database's).
 */
export const interleave = async (
  kort: Send,
  other: Send,
  options: { rate: number; seconds: number; slices: number },
): Promise<{ kort: SideResult; floor: SideResult }> => {
  const tallies = [emptyTally(), emptyTally()];
  const machine = machineOverSlices();
  const seconds = options.seconds / options.slices;
  for (let index = 0; index < options.slices; index += 1) {
    await machine.during(() => openLoopAcrossInto(tallies, [kort, other], { rate: options.rate, seconds }));
  }
  const shares = machine.shares();
  const [kortResult, otherResult] = tallies.map((tally) => {
    const summary = summarize(tally);
    return shares ? { ...summary, machine: shares } : summary;
  });
  if (!kortResult || !otherResult) throw new Error("unreachable: two sides");
  return { kort: kortResult, floor: otherResult };
};
