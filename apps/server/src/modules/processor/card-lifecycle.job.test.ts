import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cards } from "../../platform/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { createLogger } from "../../platform/http/logger.ts";
import { JOBS_SCHEMA, startJobs } from "../../platform/jobs/jobs.ts";
import { CARD_LIFECYCLE_QUEUE, cardLifecycleJob } from "./card-lifecycle.job.ts";
import { createProcessorScene } from "./testing/processor-scene.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("jobs on pg-boss", () => {
  it("start in their own schema, schedule the card lifecycle, run it at start and stop cleanly", async () => {
    const { db, url } = database;
    const scene = await createProcessorScene(db, { now: () => new Date() });
    const due = await scene.issue({ willCloseAt: new Date(Date.now() - 60_000) });

    const jobs = await startJobs({ url, db, logger: createLogger({ logLevel: "silent" }), jobs: [cardLifecycleJob] });
    try {
      const schedules = await jobs.boss.getSchedules();
      expect(schedules.map((schedule) => [schedule.name, schedule.cron])).toEqual([
        [CARD_LIFECYCLE_QUEUE, "* * * * *"],
      ]);
      const schemas = await db.execute(sql`select 1 from pg_namespace where nspname = ${JOBS_SCHEMA}`);
      expect(schemas.rows).toHaveLength(1);
      // pg-boss workers poll every 2 seconds: wait for the condition, never a fixed sleep.
      await expect
        .poll(
          async () => {
            const [row] = await db.select({ status: cards.status }).from(cards).where(eq(cards.id, due.id));
            return row?.status;
          },
          { timeout: 20_000, interval: 100 },
        )
        .toBe("CLOSED");
    } finally {
      await jobs.stop();
    }
    // Stopping twice is harmless (main.ts may stop after a failed start).
    await jobs.stop();
  }, 30_000);
});
