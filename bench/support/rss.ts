import { readFileSync } from "node:fs";

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
