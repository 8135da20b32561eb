import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * The one report of `npm run bench`: every figure any suite measures, beside its floor, written to
 * bench/results/latest.json (for tools) and latest.md (for people) when the run ends. Suites add rows through
 * `record`; nothing else writes results, so a new suite is in the report by measuring.
 */
export type BenchRow = {
  /** Which comparison: the suite's title for it. */
  name: string;
  /** p50, p99, throughput... */
  figure: string;
  unit: "ms" | "req/s";
  kort: number;
  floor: number;
  /** kort / floor; for throughput higher is better, for latencies lower is. */
  ratio: number;
};

const rows: BenchRow[] = [];

export const record = (row: Omit<BenchRow, "ratio">): void => {
  rows.push({ ...row, ratio: row.floor === 0 ? Number.NaN : row.kort / row.floor });
};

const commit = (): string => {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
};

const RESULTS = path.resolve(import.meta.dirname, "../results");

const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;

/** Writes latest.json and latest.md; answers the folder written. */
export const writeReport = async (settings: Record<string, unknown>): Promise<string> => {
  const machine = {
    cores: os.cpus().length,
    memory_gib: round(os.totalmem() / 1024 ** 3, 1),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
  };
  const report = { date: new Date().toISOString(), commit: commit(), machine, settings, rows };
  await mkdir(RESULTS, { recursive: true });
  await writeFile(path.join(RESULTS, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  const lines = [
    "# Kort benchmarks",
    "",
    `${report.date}, commit ${report.commit}; ${machine.cores} cores, ${machine.memory_gib} GiB, Node ${machine.node}.`,
    `Settings: ${Object.entries(settings)
      .map(([key, value]) => `${key} ${String(value)}`)
      .join(", ")}.`,
    "",
    "| Comparison | Figure | Kort | Floor | Ratio |",
    "|---|---|---|---|---|",
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.figure} | ${round(row.kort)} ${row.unit} | ${round(row.floor)} ${row.unit} | ${round(row.ratio)}x |`,
    ),
    "",
    "Ratio is Kort / floor: for throughput, 1.00x is the floor's speed; for latencies, lower is better.",
    "",
  ];
  await writeFile(path.join(RESULTS, "latest.md"), lines.join("\n"));
  return RESULTS;
};
