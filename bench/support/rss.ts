import { readdirSync, readFileSync } from "node:fs";

/** A process's resident memory in bytes, from /proc (Linux); NaN where it cannot be read. */
export const rssBytes = (pid: number): number => {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
};

/** Samples a process's RSS every `everyMs` until stopped; answers the highest reading. */
export const watchPeakRss = (pid: number, everyMs = 50): (() => number) => {
  let peak = rssBytes(pid);
  const timer = setInterval(() => {
    const now = rssBytes(pid);
    if (now > peak || Number.isNaN(peak)) peak = now;
  }, everyMs);
  return () => {
    clearInterval(timer);
    return peak;
  };
};

/** The child of `pid` whose command line holds `needle` (Linux, /proc): one of the server's task processes. */
export const childPid = (pid: number, needle: string): number | undefined =>
  childPids(pid).find((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, "utf8").includes(needle);
    } catch {
      return false;
    }
  });

/** The processes whose parent is `pid`. */
const childPids = (pid: number): number[] => {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent is the 4th field, after the command in parentheses (which may itself hold spaces).
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) children.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return children;
};
