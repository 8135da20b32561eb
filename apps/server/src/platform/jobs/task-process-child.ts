import { createBlobStore } from "../blobs/create-blob-store.ts";
import { loadConfig } from "../config.ts";
import { resolveCardKey } from "../crypto/card-key-file.ts";
import { createDb } from "../db/client.ts";
import { createAppDeps } from "../http/app-deps.ts";
import { createLogger } from "../http/logger.ts";
import type { TaskDeps } from "./jobs.ts";
import type { FromTaskProcess, ToTaskProcess } from "./task-process.ts";
import type { TaskOptions } from "./task-queue.ts";

/**
 * The child's side of a task process (task-process.ts): the entry module of a queue's process calls this with the
 * task's work. It builds the same dependencies the server's tasks have, from the same environment, with a pool of
 * its own, and runs each task it is handed. It ends when the server ends it or goes away (the IPC channel closes).
 */

/** Connections: a task reads its next batch while it records the last one, and two tasks may run at once. */
const POOL_MAX = 6;

const reply = (message: FromTaskProcess) => {
  if (process.connected) process.send?.(message);
};

export const serveTasks = (run: (deps: TaskDeps, data: Record<string, unknown>) => Promise<void>): void => {
  if (!process.send) throw new Error("A task process is started by the server (task-process.ts), not by hand.");
  let deps: Promise<{ deps: TaskDeps; close: () => Promise<void> }> | undefined;

  const setUp = async (databaseUrl: string) => {
    const loaded = loadConfig();
    const config = { ...loaded, cardKey: await resolveCardKey(loaded) };
    const logger = createLogger(config);
    const { db, close } = createDb(databaseUrl, {
      log: logger,
      max: POOL_MAX,
      timeouts: config.db.timeouts,
      guard: config.db.poolGuard,
    });
    const tasks = {
      send: async (queue: string, data: Record<string, unknown>, options?: TaskOptions) =>
        reply({ type: "send", queue, data, options }),
    };
    const appDeps = createAppDeps({ db, config, blobs: createBlobStore(config.blobs), tasks });
    return { deps: { ...appDeps, logger }, close };
  };

  const stop = async () => {
    const ready = await deps?.catch(() => undefined);
    await ready?.close().catch(() => undefined);
    process.exit(0);
  };

  process.on("message", (message: ToTaskProcess) => {
    if (message.type === "init") {
      deps = setUp(message.databaseUrl);
      deps.then(
        () => reply({ type: "ready" }),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
      return;
    }
    const { id, data } = message;
    (deps ?? Promise.reject(new Error("The task process was not set up")))
      .then((ready) => run(ready.deps, data))
      .then(
        () => reply({ type: "done", id }),
        (error: unknown) => reply({ type: "failed", id, message: error instanceof Error ? error.message : "failed" }),
      );
  });
  // The server ends it (SIGTERM), or went away without doing so: either way, nothing is left running.
  process.on("SIGTERM", () => void stop());
  process.on("disconnect", () => void stop());
};
