import PgBoss from "pg-boss";
import type { Db } from "../db/client.ts";
import type { Logger } from "../http/logger.ts";
import { runCardLifecycle } from "./card-lifecycle.job.ts";

/**
 * Background jobs on pg-boss 10 in the app's own PostgreSQL (schema `pgboss`, architecture.md "Jobs"). The work of
 * each job is a plain service function taking the database and a clock, so tests call it directly; this file only
 * wires queues, schedules and workers. Cron runs in UTC; several servers may start it: pg-boss schedules once.
 */

export const JOBS_SCHEMA = "pgboss";
export const CARD_LIFECYCLE_QUEUE = "card-lifecycle";

export type Jobs = { boss: PgBoss; stop(): Promise<void> };

export type JobsOptions = {
  /** The app's database, for pg-boss's own pool. */
  url: string;
  db: Db;
  logger: Logger;
  now?: () => Date;
};

export const startJobs = async ({ url, db, logger, now = () => new Date() }: JobsOptions): Promise<Jobs> => {
  const boss = new PgBoss({ connectionString: url, schema: JOBS_SCHEMA, max: 3, application_name: "kort-jobs" });
  boss.on("error", (error: Error) => logger.error({ err: error }, "job queue error"));
  await boss.start();
  // stately: at most one queued and one running, so the minute's cron and the start's send never pile up.
  await boss.createQueue(CARD_LIFECYCLE_QUEUE, { name: CARD_LIFECYCLE_QUEUE, policy: "stately" });
  await boss.work(CARD_LIFECYCLE_QUEUE, async () => {
    const result = await runCardLifecycle(db, now());
    if (result.closed + result.expired > 0) logger.info(result, "card lifecycle job changed cards");
  });
  await boss.schedule(CARD_LIFECYCLE_QUEUE, "* * * * *", {}, { tz: "UTC" });
  // And once at start, so a server that was down does not wait for the next minute.
  await boss.send(CARD_LIFECYCLE_QUEUE, {});
  let stopping: Promise<void> | undefined;
  return {
    boss,
    stop: () => {
      // graceful: a running job finishes (or fails back to the queue after the timeout); the pool closes.
      stopping ??= boss.stop({ graceful: true, wait: true, timeout: 1000 });
      return stopping;
    },
  };
};
