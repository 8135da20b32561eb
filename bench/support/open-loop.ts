import type { LoadResult } from "./load.ts";
import { percentile } from "./percentile.ts";

/**
 * Load for calls that are not HTTP fetches (or are): `send` answers whether the call succeeded.
 * `openLoop` starts calls at a fixed rate whatever the answers do, and measures each from the instant it was
 * due, so a stall shows in the latencies instead of slowing the offered load (no coordinated omission).
 * `closedLoop` is the saturation run: `concurrency` callers back to back.
 */
export type Send = () => Promise<boolean>;

/**
 * What load runs measured so far; several runs (slices) of one side add up into one. `late` counts the open loop's
 * calls that the caller itself sent more than `LATE_MS` after they were due: its own stalls on the shared cores,
 * which the latencies (measured from the due instant) include.
 */
export type Tally = { latencies: number[]; errors: number; ms: number; late: number };

export const emptyTally = (): Tally => ({ latencies: [], errors: 0, ms: 0, late: 0 });

/** How late a call may leave before the caller counts itself late: a timer's usual slack is a millisecond or two. */
export const LATE_MS = 5;

/** One closed-loop run whose latencies, errors and duration are added to `tally`. */
export const closedLoopInto = async (
  tally: Tally,
  send: Send,
  options: { concurrency: number; seconds: number },
): Promise<void> => {
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const begin = performance.now();
      const ok = await send().catch(() => false);
      if (!ok) tally.errors += 1;
      tally.latencies.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  tally.ms += performance.now() - started;
};

/** The figures of a tally: throughput over the time spent in its runs only. */
export const summarize = (tally: Tally): LoadResult => {
  const latencies = [...tally.latencies].sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors: tally.errors,
    late: tally.late,
    seconds: tally.ms / 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: latencies.length / (tally.ms / 1000),
  };
};

export const closedLoop = async (
  send: Send,
  options: { concurrency: number; seconds: number },
): Promise<LoadResult> => {
  const tally = emptyTally();
  await closedLoopInto(tally, send, options);
  return summarize(tally);
};

/**
 * One open-loop run whose calls go to `sends` in turn (the first, the second, ..., the first again), started at
 * `rate` per second in all whatever the answers do, each measured from the instant it was due (so a stall shows in
 * the latencies instead of slowing the offered load: no coordinated omission) and added to the tally of its send,
 * with the run's errors and duration. Sends taken in turn are measured at the same instants: a stall of the machine
 * falls on each alike.
 */
export const openLoopAcrossInto = async (
  tallies: readonly Tally[],
  sends: readonly Send[],
  options: { rate: number; seconds: number },
): Promise<void> => {
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < total; index += 1) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const side = index % sends.length;
    const [send, tally] = [sends[side], tallies[side]];
    if (!send || !tally) throw new Error("A send needs a tally of its own");
    if (performance.now() - due > LATE_MS) tally.late += 1;
    inFlight.push(
      send()
        .catch(() => false)
        .then((ok) => {
          if (!ok) tally.errors += 1;
          tally.latencies.push(performance.now() - due);
        }),
    );
  }
  await Promise.all(inFlight);
  const ms = performance.now() - started;
  for (const tally of tallies) tally.ms += ms;
};

/** One open-loop run of one send (`openLoopAcrossInto`). */
export const openLoopInto = (tally: Tally, send: Send, options: { rate: number; seconds: number }): Promise<void> =>
  openLoopAcrossInto([tally], [send], options);

export const openLoop = async (send: Send, options: { rate: number; seconds: number }): Promise<LoadResult> => {
  const tally = emptyTally();
  await openLoopInto(tally, send, options);
  return summarize(tally);
};
