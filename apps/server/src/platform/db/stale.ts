import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type DbLog, pollUntil } from "./embedded-support.ts";

/**
 * After a `kill -9` of Node, the PostgreSQL it started lives on and keeps the data folder locked. These
 * helpers find such a server by its command line (`postgres -D <clusterDir> ...`) and stop it.
 */

const hasProc = (() => {
  try {
    readdirSync("/proc/self");
    return true;
  } catch {
    return false;
  }
})();

/** The argument vector of a process, or undefined when it is gone or not ours to read. */
function commandLine(pid: number): string[] | undefined {
  try {
    if (hasProc) return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    // No /proc (macOS): ps prints the command line, space-joined, which is enough for the checks below.
    const line = execFileSync("ps", ["-o", "command=", "-p", String(pid)], { encoding: "utf8" }).trim();
    return line === "" ? undefined : line.split(/\s+/);
  } catch {
    return undefined;
  }
}

/** Alive and not a zombie (an orphan's exit may go unreaped when PID 1 does not reap). */
export function isAlive(pid: number): boolean {
  if (hasProc) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
      return state !== "Z" && state !== "X";
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const isPostmasterOf = (pid: number, clusterDir: string): boolean => {
  const args = commandLine(pid);
  if (args === undefined || args.length === 0) return false;
  return path.basename(args[0] ?? "") === "postgres" && args.includes(clusterDir);
};

/** The PID in `postmaster.pid`, written by PostgreSQL on start and removed on a clean stop. */
export function postmasterPid(clusterDir: string): number | undefined {
  try {
    const first = readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0] ?? "";
    const pid = Number.parseInt(first, 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function postmastersOf(clusterDir: string): number[] {
  const pids = new Set<number>();
  const fromFile = postmasterPid(clusterDir);
  if (fromFile !== undefined && isPostmasterOf(fromFile, clusterDir)) pids.add(fromFile);
  if (hasProc) {
    for (const entry of readdirSync("/proc")) {
      const pid = Number(entry);
      if (Number.isInteger(pid) && pid !== process.pid && isPostmasterOf(pid, clusterDir)) pids.add(pid);
    }
  }
  return [...pids];
}

/** The parent of a process when that parent is a live Node program (a Kort server still running). */
function liveNodeParent(pid: number): number | undefined {
  if (!hasProc) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
    if (!(ppid > 1) || ppid === process.pid || !isAlive(ppid)) return undefined;
    const name = path.basename(commandLine(ppid)?.[0] ?? "");
    return /^(node|nodejs|tsx|bun|deno)/.test(name) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stops every PostgreSQL serving `clusterDir` that no live process owns. Fast shutdown first (SIGINT: open
 * transactions roll back, a checkpoint is written), then immediate (SIGQUIT), then SIGKILL.
 * Refuses when the server still belongs to a running Node process, rather than pulling the database out
 * from under another Kort server (say, `npm run seed` while `npm start` runs).
 */
export async function stopStalePostgres(clusterDir: string, log: DbLog): Promise<void> {
  for (const pid of postmastersOf(clusterDir)) {
    const owner = liveNodeParent(pid);
    if (owner !== undefined) {
      throw new Error(
        `The PostgreSQL in ${clusterDir} (pid ${pid}) belongs to the running process ${owner}. ` +
          "Stop that server first, or point DATABASE_URL at it.",
      );
    }
    log.warn(`Stopping a stale PostgreSQL (pid ${pid}) left running on ${clusterDir}`);
    await stopProcess(pid);
  }
}

export async function stopProcess(pid: number): Promise<void> {
  const steps: [NodeJS.Signals, number][] = [
    ["SIGINT", 10_000],
    ["SIGQUIT", 5_000],
    ["SIGKILL", 5_000],
  ];
  for (const [signal, waitMs] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // Already gone.
    }
    const gone = await pollUntil(() => !isAlive(pid), waitMs).then(
      () => true,
      () => false,
    );
    if (gone) return;
  }
  throw new Error(`PostgreSQL (pid ${pid}) did not stop`);
}
