import PgBoss from "pg-boss";
import type { Db } from "../db/client.ts";
import type { Logger } from "../http/logger.ts";
import type { AppDeps } from "../http/rest.ts";
import { startTaskProcess, type TaskProcess } from "./task-process.ts";
import type { TaskQueue } from "./task-queue.ts";

export type { TaskQueue };

/**
 * Background jobs on pg-boss 10 in the app's own PostgreSQL (schema `pgboss`, architecture.md "Jobs"). Modules
 * declare their jobs (platform/module.ts); this file only wires queues, schedules and workers. The work of each job
 * is a plain function of the database and a clock, so tests call it directly. Cron runs in UTC; several servers
 * may start it: pg-boss schedules once, and `stately` queues run one job at a time across all of them.
 */

export const JOBS_SCHEMA = "pgboss";

export type JobContext = { db: Db; now: Date; logger: Logger; tasks: TaskQueue };

export type JobDefinition = {
  /** The pg-boss queue name. */
  queue: string;
  /** When it runs, as cron in UTC. */
  cron: string;
  /** Also once at start, so a server that was down does not wait for the next tick. */
  runAtStart?: boolean;
  run: (ctx: JobContext) => Promise<void>;
};

/**
 * Work a request hands to a queue (an export to write): sent after the request's transaction commits, run by one
 * worker of whichever server fetches it, retried on failure. The row the request wrote is the record of the work,
 * so a task lost between the commit and the send is found again by its module's sweep (a cron job).
 */
export type TaskDefinition = {
  queue: string;
  run: (deps: TaskDeps, data: Record<string, unknown>) => Promise<void>;
  /** Tasks of this queue run at once per server (pg-boss batch and poll); 1 unless set. */
  concurrency?: number;
  /**
   * At most one task per key waits (TaskOptions.key, pg-boss's `short` policy), so a sweep's re-send never piles up.
   * Every send to such a queue names a key: unkeyed sends would all share the empty one.
   */
  onePerKey?: boolean;
  /**
   * Runs the tasks in a child process of their own (task-process.ts): this module calls serveTasks with `run`.
   * For work that holds much memory (a million-row file), so that it never shares the API's process.
   */
  process?: { entry: URL; timeoutMs: number; idleMs: number; nodeOptions?: readonly string[] };
};

/** What a task runs with: the app's dependencies (files, links, clock) and a logger. */
export type TaskDeps = AppDeps & { logger: Logger };

export type Jobs = {
  boss: PgBoss;
  /** Sends tasks to their queues. */
  queue: TaskQueue;
  /** Starts this server's workers of the tasks, once the app's dependencies exist. */
  work: (tasks: readonly TaskDefinition[], deps: TaskDeps) => Promise<void>;
  stop(): Promise<void>;
};

export type JobsOptions = {
  /** The app's database, for pg-boss's own pool. */
  url: string;
  db: Db;
  logger: Logger;
  jobs: readonly JobDefinition[];
  now?: () => Date;
};

/**
 * How often a worker asks PostgreSQL for work it was not told of. Each ask is a statement and a wake-up of the
 * server and PostgreSQL whether or not work waits, so an idle server's CPU is mostly these asks (13 a second cost
 * the server about 20 ms and PostgreSQL about 20 ms of CPU a second, every second). Work sent by this process wakes
 * its worker at once (`notifyWorker`), and every server runs every worker, so the asks only find retries (5 s
 * apart, below), work a stopped server left, and cron ticks.
 */
const TASK_POLL_SECONDS = 2;
/**
 * Cron ticks come at most once a minute and are sent by pg-boss's clock on one server, which wakes no worker: a
 * sweep starts up to this late (at 30 s, half a minute late; a job sent by another process waited as long).
 */
const JOB_POLL_SECONDS = 10;

/** PostgreSQL's codes for a deadlock victim, a serialization failure and a duplicate key. */
const DECLARE_RACE_CODES = new Set(["40P01", "40001", "23505"]);

/**
 * Declares a queue or a schedule. Several servers starting together declare the same ones at once, and PostgreSQL
 * may end one of them as a deadlock victim; declaring is idempotent, so the loser declares again, a few times.
 */
const declare = async (step: () => Promise<unknown>): Promise<void> => {
  for (let attempt = 1; ; attempt++) {
    try {
      await step();
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 5 || typeof code !== "string" || !DECLARE_RACE_CODES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.floor(Math.random() * 50)));
    }
  }
};

export const startJobs = async ({ url, db, logger, jobs, now = () => new Date() }: JobsOptions): Promise<Jobs> => {
  const boss = new PgBoss({ connectionString: url, schema: JOBS_SCHEMA, max: 3, application_name: "kort-jobs" });
  boss.on("error", (error: Error) => logger.error({ err: error }, "job queue error"));
  await boss.start();
  /** This process's worker of each task queue, woken when this process sends it work. */
  const workers = new Map<string, string>();
  const queue: TaskQueue = {
    send: async (name, data, options = {}) => {
      await boss.send(name, data, {
        retryLimit: 2,
        retryDelay: 5,
        expireInSeconds: 15 * 60,
        priority: options.priority ?? 0,
        ...(options.key === undefined ? {} : { singletonKey: options.key }),
      });
      // Work sent here starts now rather than at the next poll (TASK_POLL_SECONDS).
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
    },
  };
  for (const job of jobs) {
    // stately: at most one queued and one running, so the cron tick and the start's send never pile up.
    await declare(() => boss.createQueue(job.queue, { name: job.queue, policy: "stately" }));
    const worker = await boss.work(job.queue, { pollingIntervalSeconds: JOB_POLL_SECONDS }, async () => {
      await job.run({ db, now: now(), logger, tasks: queue });
    });
    await declare(() => boss.schedule(job.queue, job.cron, {}, { tz: "UTC" }));
    if (job.runAtStart) {
      await boss.send(job.queue, {});
      boss.notifyWorker(worker);
    }
  }
  let stopping: Promise<void> | undefined;
  const processes: TaskProcess[] = [];
  /** How a task of the queue runs: here, or handed to its own process. */
  const runnerOf = (task: TaskDefinition, deps: TaskDeps) => {
    if (!task.process) return (data: Record<string, unknown>) => task.run(deps, data);
    const child = startTaskProcess({ name: task.queue, ...task.process, databaseUrl: url, logger, tasks: queue });
    processes.push(child);
    return child.run;
  };
  return {
    boss,
    queue,
    work: async (tasks, deps) => {
      for (const task of tasks) {
        const policy = task.onePerKey ? "short" : "standard";
        await declare(() => boss.createQueue(task.queue, { name: task.queue, policy }));
        // A queue declared before keeps its first policy; the declaration here is what holds.
        await boss.updateQueue(task.queue, { name: task.queue, policy });
        const run = runnerOf(task, deps);
        const worker = await boss.work<Record<string, unknown>>(
          task.queue,
          { batchSize: task.concurrency ?? 1, pollingIntervalSeconds: TASK_POLL_SECONDS },
          async (batch) => {
            await Promise.all(batch.map((job) => run(job.data)));
          },
        );
        workers.set(task.queue, worker);
      }
    },
    stop: () => {
      // graceful: a running job finishes (or fails back to the queue after the timeout); the pool closes. The
      // task processes end with it.
      stopping ??= Promise.all([
        boss.stop({ graceful: true, wait: true, timeout: 1000 }),
        ...processes.map((child) => child.stop()),
      ]).then(() => undefined);
      return stopping;
    },
  };
};
