import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../db/testing/test-db.ts";
import { createLogger } from "../http/logger.ts";
import { JOBS_SCHEMA, startJobs } from "./jobs.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const QUEUE = "test.keyed";

/**
 * A queue declared `onePerKey` holds at most one waiting task per key on pg-boss itself: the receipt-reading sweep
 * re-sends every unread receipt each minute, and under a backlog of OCR work each re-send queued another reading of
 * the same file.
 */
describe("task queues on pg-boss", () => {
  it("keep one waiting task per key, however often it is sent, and still queue one behind a running task", async () => {
    const { db, url } = database;
    const logger = createLogger({ logLevel: "silent" });
    const jobs = await startJobs({ url, db, logger, jobs: [] });
    // Declared first without the option, as a server of an older version did: the declaration that works it holds.
    await jobs.boss.createQueue(QUEUE, { name: QUEUE, policy: "standard" });
    const runs: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      await jobs.work(
        [
          {
            queue: QUEUE,
            onePerKey: true,
            run: async (_deps, data) => {
              runs.push(String(data.id));
              await gate;
            },
          },
        ],
        { logger } as never,
      );
      await jobs.queue.send(QUEUE, { id: "a" }, { key: "a" });
      await expect.poll(() => runs, { timeout: 10_000, interval: 50 }).toEqual(["a"]);

      // While "a" runs, three more sends of "a" queue one run after it, and two of "b" one.
      for (const id of ["a", "a", "b", "a", "b"]) await jobs.queue.send(QUEUE, { id }, { key: id });
      const waiting = await db.execute<{ key: string; n: number }>(sql`
        select singleton_key as key, count(*)::int as n from ${sql.identifier(JOBS_SCHEMA)}.job
         where name = ${QUEUE} and state = 'created' group by singleton_key order by singleton_key`);
      expect(waiting.rows).toEqual([
        { key: "a", n: 1 },
        { key: "b", n: 1 },
      ]);

      release();
      await expect.poll(() => [...runs].sort(), { timeout: 10_000, interval: 50 }).toEqual(["a", "a", "b"]);
    } finally {
      release();
      await jobs.stop();
    }
  }, 30_000);
});
