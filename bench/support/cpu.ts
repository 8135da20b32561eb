import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";

/**
 * CPU time spent by processes, from Linux's /proc: a figure that other work on a shared machine does not bend
 * as much as throughput. `CLK_TCK` is 100 on Linux, so a reading is good to 10 ms; runs of seconds make that small.
 */
const TICK_MS = 10;

type Stat = { ppid: number; ms: number; childrenMs: number };

const statOf = (pid: number): Stat | undefined => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are plain numbers.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const field = (index: number) => Number(fields[index - 3]);
    return { ppid: field(4), ms: (field(14) + field(15)) * TICK_MS, childrenMs: (field(16) + field(17)) * TICK_MS };
  } catch {
    return undefined;
  }
};

/**
 * The whole machine's CPU time so far, in ticks summed over its cores (the first line of /proc/stat): all of it,
 * the part no task used, and the part the hypervisor gave to other machines while this one had work (steal). On a
 * shared virtual machine a second in which a fifth of the cores was stolen decides a p99, so the comparisons say
 * how much was stolen during each side's slices.
 */
export type MachineTicks = { total: number; idle: number; steal: number };

/** Parses /proc/stat's `cpu` line: user nice system idle iowait irq softirq steal (guest time is inside user). */
export const parseMachineTicks = (procStat: string): MachineTicks | undefined => {
  const line = procStat.split("\n", 1)[0] ?? "";
  const [label, ...fields] = line.trim().split(/\s+/);
  const ticks = fields.slice(0, 8).map(Number);
  if (label !== "cpu" || ticks.length < 8 || ticks.some((tick) => !Number.isFinite(tick))) return undefined;
  const [, , , idle = 0, iowait = 0, , , steal = 0] = ticks;
  return { total: ticks.reduce((sum, tick) => sum + tick, 0), idle: idle + iowait, steal };
};

export const machineTicks = (): MachineTicks | undefined => {
  try {
    return parseMachineTicks(readFileSync("/proc/stat", "utf8"));
  } catch {
    return undefined;
  }
};

/** Whether CPU times can be read here (Linux with /proc). */
export const canReadCpu = (): boolean => statOf(process.pid) !== undefined;

/** CPU milliseconds a process has used so far (user and system). */
export const processCpuMs = (pid: number): number => statOf(pid)?.ms ?? Number.NaN;

/**
 * CPU milliseconds of a PostgreSQL server so far: the postmaster and every backend it runs, live or ended
 * (an ended backend's time is counted in the postmaster's children's time).
 */
export const postgresCpuMs = (postmaster: number): number => {
  const main = statOf(postmaster);
  if (!main) return Number.NaN;
  let total = main.ms + main.childrenMs;
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = statOf(pid);
    if (stat?.ppid === postmaster) total += stat.ms;
  }
  return total;
};

/** The postmaster's process id: the parent of a backend's. Only meaningful when PostgreSQL runs on this machine. */
export const postmasterPid = async (databaseUrl: string): Promise<number | undefined> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const backend = rows[0]?.pid;
    return backend === undefined ? undefined : statOf(backend)?.ppid;
  } finally {
    await client.end();
  }
};

/**
 * The CPU readers of a comparison's side (`Side["cpu"]` in load.ts): its own process when it has one, and
 * PostgreSQL. A floor that is SQL sent straight from the bench has no process: only the database is read. None
 * where /proc cannot be read.
 */
export const cpuReaders = async (databaseUrl: string) => {
  const postmaster = canReadCpu() ? await postmasterPid(databaseUrl) : undefined;
  return (pid?: number): { server?: () => number; database: () => number } | undefined => {
    if (postmaster === undefined) return undefined;
    const database = () => postgresCpuMs(postmaster);
    return pid === undefined ? { database } : { server: () => processCpuMs(pid), database };
  };
};
