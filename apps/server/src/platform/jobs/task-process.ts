import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Logger } from "../http/logger.ts";
import { TYPESCRIPT_LOADER } from "../runtime/loader.ts";
import type { TaskOptions, TaskQueue } from "./task-queue.ts";

/**
 * A child process that runs one queue's tasks (a task's `process`, jobs.ts), so that work holding much memory, a
 * million-row file, never shares the API's process: its memory is its own, measured on its own (bench exports
 * suite), and given back when it ends. Started by the first task, kept while work comes, ended after `idleMs`
 * without any. A task that does not answer within `timeoutMs` ends the process; a process that dies fails the tasks
 * it held, and pg-boss retries them (jobs.ts).
 *
 * The child is `entry`, a module that calls serveTasks (task-process-child.ts). It runs the TypeScript sources as the
 * server does (platform/runtime/typescript.mjs) and reads the same environment; the database's address, which
 * main.ts may only know once the embedded PostgreSQL started, comes over the IPC channel, never on a command line or
 * in the environment.
 */

/** Parent to child. */
export type ToTaskProcess =
  | { type: "init"; databaseUrl: string }
  | { type: "run"; id: number; data: Record<string, unknown> };

/** Child to parent. */
export type FromTaskProcess =
  | { type: "ready" }
  | { type: "done"; id: number }
  | { type: "failed"; id: number; message: string }
  | { type: "send"; queue: string; data: Record<string, unknown>; options?: TaskOptions };

export type TaskProcessOptions = {
  /** What the process is for, in logs. */
  name: string;
  entry: URL;
  databaseUrl: string;
  logger: Logger;
  /** Where the child's own tasks go (it has no pg-boss of its own). */
  tasks: TaskQueue;
  timeoutMs: number;
  idleMs: number;
  /** How long the child may take to load and connect. */
  startMs?: number;
  /** Node's options for the child besides the server's own (a heap limit). */
  nodeOptions?: readonly string[];
  /** The child's environment: the server's own unless a test gives one. */
  env?: NodeJS.ProcessEnv;
};

export type TaskProcess = {
  run: (data: Record<string, unknown>) => Promise<void>;
  /** The running child's process id (the bench reads its memory), or undefined between runs. */
  pid: () => number | undefined;
  stop: () => Promise<void>;
};

const START_MS = 30_000;
const STOP_MS = 1_000;

/**
 * The child runs with the server's own TypeScript loader. A parent started without it (vitest runs the tests'
 * parent) still starts the child with it; a parent that has it (by URL, or by a path as `npm start` gives it) passes
 * its own flags on.
 */
const childExecArgv = (nodeOptions: readonly string[]): string[] => {
  const own = process.execArgv.filter((arg) => !arg.startsWith("--inspect"));
  const loads = own.some((arg) => arg.endsWith("/runtime/typescript.mjs"));
  return [...(loads ? own : [...own, "--import", TYPESCRIPT_LOADER]), ...nodeOptions];
};

type Waiting = { resolve: () => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

export const startTaskProcess = (options: TaskProcessOptions): TaskProcess => {
  const { logger } = options;
  let child: ChildProcess | undefined;
  let started: Promise<ChildProcess> | undefined;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();

  const failAll = (error: Error) => {
    for (const [id, wait] of waiting) {
      clearTimeout(wait.timer);
      waiting.delete(id);
      wait.reject(error);
    }
  };

  const end = (proc: ChildProcess, signal: NodeJS.Signals) => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
  };

  const spawn = (): Promise<ChildProcess> =>
    new Promise((resolve, reject) => {
      const proc = fork(fileURLToPath(options.entry), [], {
        execArgv: childExecArgv(options.nodeOptions ?? []),
        stdio: ["ignore", "inherit", "inherit", "ipc"],
        env: options.env ?? process.env,
        serialization: "advanced",
      });
      const timer = setTimeout(() => {
        end(proc, "SIGKILL");
        reject(new Error(`${options.name}: the task process did not start within ${options.startMs ?? START_MS} ms`));
      }, options.startMs ?? START_MS);
      proc.on("message", (message: FromTaskProcess) => {
        switch (message.type) {
          case "ready":
            clearTimeout(timer);
            logger.info({ pid: proc.pid, process: options.name }, "task process started");
            resolve(proc);
            return;
          case "done":
          case "failed": {
            const wait = waiting.get(message.id);
            if (!wait) return;
            waiting.delete(message.id);
            clearTimeout(wait.timer);
            if (message.type === "done") wait.resolve();
            else wait.reject(new Error(message.message));
            if (waiting.size === 0) idleAfter();
            return;
          }
          case "send":
            options.tasks.send(message.queue, message.data, message.options).catch((error: unknown) => {
              logger.error({ err: error, queue: message.queue }, "a task process's task was not sent");
            });
            return;
        }
      });
      proc.on("error", (error) => logger.error({ err: error, process: options.name }, "task process error"));
      proc.on("exit", (code, signal) => {
        clearTimeout(timer);
        if (child === proc) {
          child = undefined;
          started = undefined;
        }
        reject(new Error(`${options.name}: the task process ended before it was ready`));
        if (waiting.size > 0) {
          logger.error({ code, signal, process: options.name }, "task process ended with tasks running");
          failAll(new Error(`${options.name}: the task process ended (${signal ?? code})`));
        }
      });
      child = proc;
      proc.send({ type: "init", databaseUrl: options.databaseUrl } satisfies ToTaskProcess);
    });

  const idleAfter = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      if (waiting.size === 0 && child) end(child, "SIGTERM");
    }, options.idleMs);
    idle.unref();
  };

  return {
    run: async (data) => {
      clearTimeout(idle);
      started ??= spawn();
      const proc = await started.catch((error: unknown) => {
        started = undefined;
        throw error;
      });
      const id = nextId++;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          // A task past its time: the process is ended, which fails every task it held (the exit handler).
          logger.error({ process: options.name, timeoutMs: options.timeoutMs }, "task ran past its time");
          end(proc, "SIGKILL");
        }, options.timeoutMs);
        waiting.set(id, { resolve, reject, timer });
        proc.send({ type: "run", id, data } satisfies ToTaskProcess, (error) => {
          // The process ended between its start and this task: the task fails now, not at its time limit.
          if (!error || !waiting.delete(id)) return;
          clearTimeout(timer);
          reject(error);
        });
      });
    },
    pid: () => child?.pid,
    stop: async () => {
      clearTimeout(idle);
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
      end(proc, "SIGTERM");
      const timer = setTimeout(() => end(proc, "SIGKILL"), STOP_MS);
      await exited;
      clearTimeout(timer);
    },
  };
};
