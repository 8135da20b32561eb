import { describe, expect, it } from "vitest";
import { serialThread } from "./serial-thread.ts";

/**
 * The one-job-at-a-time thread (serial-thread.ts) that the HEIC decoder and the PDF reader run in: a thread that
 * ends or fails after answering is replaced for the next job, at once and without an unhandled error.
 */

/** A thread that doubles `n`, then after answering ends (`exit`) or throws (`throw`), as its message asks. */
const SCRIPT = new URL(
  `data:text/javascript,${encodeURIComponent(`
    import { parentPort } from "node:worker_threads";
    parentPort.on("message", ({ id, n, after }) => {
      parentPort.postMessage({ id, doubled: n * 2 });
      if (after === "exit") setTimeout(() => process.exit(3), 10);
      if (after === "throw") setTimeout(() => { throw new Error("after the answer"); }, 10);
    });
  `)}`,
);

type Job = { n: number; after?: "exit" | "throw" };
type Answer = { doubled: number };

const waitUntil = async (condition: () => boolean): Promise<void> => {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("The condition never held");
    await new Promise((resolve) => setImmediate(resolve));
  }
};

describe("a serial thread", () => {
  it("answers each job, and replaces a thread that ended or failed between jobs without waiting out a timeout", async () => {
    const thread = serialThread<Job, Answer>(SCRIPT, { idleMs: 60_000 });
    try {
      expect(await thread.run({ n: 2, after: "exit" }, { timeoutMs: 30_000 })).toMatchObject({ doubled: 4 });
      // The thread ends after answering and is forgotten: the next job starts a fresh one, not the dead one's timeout.
      await waitUntil(() => !thread.running());
      const started = Date.now();
      expect(await thread.run({ n: 3, after: "throw" }, { timeoutMs: 30_000 })).toMatchObject({ doubled: 6 });
      expect(Date.now() - started).toBeLessThan(10_000);
      // A thread that throws after answering is no unhandled error of this process, and is replaced too.
      await waitUntil(() => !thread.running());
      expect(await thread.run({ n: 5 }, { timeoutMs: 30_000 })).toMatchObject({ doubled: 10 });
      expect(thread.running()).toBe(true);
    } finally {
      thread.stop();
    }
    expect(thread.running()).toBe(false);
  });

  it("answers null for a job over its time, and the next job is answered", async () => {
    const thread = serialThread<Job, Answer>(SCRIPT, { idleMs: 60_000 });
    try {
      expect(await thread.run({ n: 1 }, { timeoutMs: 0 })).toBeNull();
      expect(await thread.run({ n: 4 }, { timeoutMs: 30_000 })).toMatchObject({ doubled: 8 });
    } finally {
      thread.stop();
    }
  });
});
