import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * The one report of `npm run bench`: every figure any suite measures, beside its floor, written to
 * bench/results/latest.json (for tools) and latest.md (for people) when the run ends.
 *
 * The API a suite uses is one function: `record({ name, figure, unit, kort, floor })` adds a row (the ratio is
 * computed here); `printComparison` in load.ts prints a comparison and records its rows, which is how the suites
 * use it. A new suite is a file in bench/suites/ exporting `run…Bench(options)`, called from bench/run.ts before
 * `writeReport`: whatever it records is in the report. Nothing else writes results.
 */
export type BenchRow = {
  /** Which comparison: the suite's title for it. */
  name: string;
  /** p50, p99, throughput... */
  figure: string;
  unit: "ms" | "req/s" | "µs" | "requests" | "KB" | "MB" | "%";
  kort: number;
  floor: number;
  /**
   * kort / floor; for throughput higher is better, for latencies lower is. Null when the floor is 0, and for shares
   * (`%`: how busy the machine was, how much the hypervisor stole), which are read side by side: divided, two shares
   * of almost nothing read as a large factor (0.23% against 0.03% stolen printed "8.6x").
   */
  ratio: number | null;
};

const rows: BenchRow[] = [];

/** The machine's 1-minute load when the run began: other work on a shared machine shows in the figures. */
const loadAtStart = os.loadavg()[0] ?? Number.NaN;

/**
 * The share of the last minute in which some task waited for the disk (Linux's pressure stall information, in %),
 * or null where the kernel does not report it. The card decisions' figures wait for a durable commit each: on a
 * virtual machine whose disk is throttled after heavy writes, fsync takes tens of milliseconds, and the floor and
 * Kort slow down together.
 */
const ioPressure = (): number | null => {
  try {
    const some = /^some .*avg60=([\d.]+)/m.exec(readFileSync("/proc/pressure/io", "utf8"));
    return some ? Number(some[1]) : null;
  } catch {
    return null;
  }
};
const ioPressureAtStart = ioPressure();

export const withRatio = (row: Omit<BenchRow, "ratio">): BenchRow => ({
  ...row,
  ratio: row.floor === 0 || row.unit === "%" ? null : row.kort / row.floor,
});

export const record = (row: Omit<BenchRow, "ratio">): void => {
  rows.push(withRatio(row));
};

/** The commit measured; `+changes` when the working tree differs from it (outside bench/results). */
const commit = (): string => {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const changes = execFileSync(
      "git",
      ["status", "--porcelain", "--untracked-files=no", "--", ".", ":!bench/results"],
      {
        encoding: "utf8",
        cwd: path.resolve(import.meta.dirname, "../.."),
      },
    ).trim();
    return changes === "" ? head : `${head}+changes`;
  } catch {
    return "unknown";
  }
};

const RESULTS = path.resolve(import.meta.dirname, "../results");

const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;

type Report = {
  date: string;
  commit: string;
  machine: {
    cores: number;
    memory_gib: number;
    node: string;
    platform: string;
    load_1m: { start: number; end: number };
    /** Absent from reports written before it was measured. */
    io_pressure_60s_percent?: { start: number | null; end: number | null };
  };
  settings: Record<string, unknown>;
  rows: BenchRow[];
};

const markdownOf = (report: Report): string => {
  const { machine, settings } = report;
  return [
    "# Kort benchmarks",
    "",
    `${report.date}, commit ${report.commit}; ${machine.cores} cores, ${machine.memory_gib} GiB, Node ${machine.node};`,
    `load average (1 min) ${machine.load_1m.start} at the start, ${machine.load_1m.end} at the end;`,
    `time waiting for the disk (last minute) ${machine.io_pressure_60s_percent?.start ?? "n/a"}% at the start, ${machine.io_pressure_60s_percent?.end ?? "n/a"}% at the end.`,
    `Settings: ${Object.entries(settings)
      .map(([key, value]) => `${key} ${String(value)}`)
      .join(", ")}.`,
    "",
    "| Comparison | Figure | Kort | Floor | Ratio |",
    "|---|---|---|---|---|",
    ...report.rows.map(
      (row) =>
        `| ${row.name} | ${row.figure} | ${round(row.kort)} ${row.unit} | ${round(row.floor)} ${row.unit} | ${row.ratio === null ? "n/a" : `${round(row.ratio)}x`} |`,
    ),
    "",
    "Ratio is Kort / floor: for throughput, 1.00x is the floor's speed; for latencies, lower is better.",
    "",
  ].join("\n");
};

const writeBoth = async (report: Report): Promise<void> => {
  await mkdir(RESULTS, { recursive: true });
  await writeFile(path.join(RESULTS, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(path.join(RESULTS, "latest.md"), markdownOf(report));
};

/** Writes latest.json and latest.md; answers the folder written. */
export const writeReport = async (settings: Record<string, unknown>): Promise<string> => {
  const machine = {
    cores: os.cpus().length,
    memory_gib: round(os.totalmem() / 1024 ** 3, 1),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    load_1m: { start: round(loadAtStart), end: round(os.loadavg()[0] ?? Number.NaN) },
    io_pressure_60s_percent: { start: ioPressureAtStart, end: ioPressure() },
  };
  await writeBoth({ date: new Date().toISOString(), commit: commit(), machine, settings, rows });
  return RESULTS;
};

/**
 * Adds rows to the report the run wrote: for the measurements that run after it in a process of their own (the
 * browser's, `npm run bench:browser`, which `npm run bench` runs next). Without a report there is nothing to add to.
 */
export const appendToReport = async (added: readonly Omit<BenchRow, "ratio">[]): Promise<void> => {
  let report: Report;
  try {
    report = JSON.parse(await readFile(path.join(RESULTS, "latest.json"), "utf8")) as Report;
  } catch {
    console.log("  (no bench/results/latest.json to add these figures to: run `npm run bench` for the whole report)");
    return;
  }
  const kept = report.rows.filter((row) => !added.some((next) => next.name === row.name && next.figure === row.figure));
  await writeBoth({ ...report, rows: [...kept, ...added.map(withRatio)] });
};
