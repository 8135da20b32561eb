import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { BlobStore } from "../../platform/blobs/blob-store.ts";
import { createFsBlobStore } from "../../platform/blobs/fs-blob-store.ts";
import { loadConfig } from "../../platform/config.ts";
import type { Db } from "../../platform/db/client.ts";
import { createTestDatabase } from "../../platform/db/testing/test-db.ts";
import { createAppDeps } from "../../platform/http/app-deps.ts";
import { createLogger, type Logger } from "../../platform/http/logger.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { type HeldTasks, holdTasks } from "../../platform/jobs/testing/held-tasks.ts";
import { createKortApp, kortTasks } from "../app.ts";

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  /** The app's blob store: a folder of its own, removed on close, unless the test passed a store. */
  blobs: BlobStore;
  /** Every log line the app wrote, parsed; tests read it to check what is and is not logged. */
  logs: Record<string, unknown>[];
  /** The logger writing those lines, for parts a test starts beside the app (the SMTP listener). */
  logger: Logger;
  /** What the app's handlers work with (its config, clock, blobs, link signer and task queue). */
  deps: AppDeps;
  /** Tasks the app sent (exports), held until the test drains them. */
  tasks: HeldTasks;
  close: () => Promise<void>;
};

/** The real app on this test file's own database, with logs captured in memory instead of printed. */
export type TestAppOptions = {
  webDistDir?: string;
  beforeReady?: (app: FastifyInstance) => void;
  /** Extra environment for loadConfig, e.g. `{ KORT_ENV: "production" }` or `{ KORT_PUBLIC_URL: ... }`. */
  env?: Record<string, string>;
  /** The clock of time-dependent rules (see testing/clock.ts). */
  now?: () => Date;
  /** The pool's size and database bounds, for tests of what happens when they are reached. */
  database?: Parameters<typeof createTestDatabase>[0];
  /** A blob store of the test's own (one that fails, say); by default a temporary folder. */
  blobs?: BlobStore;
};

export const createTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const database = await createTestDatabase(options.database);
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) {
        if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const config = loadConfig({ KORT_ENV: "test", LOG_LEVEL: "info", ...options.env });
  const logger = createLogger({ logLevel: "info" }, sink);
  const blobDir = options.blobs ? undefined : await mkdtemp(path.join(tmpdir(), "kort-test-blobs-"));
  const blobs = options.blobs ?? createFsBlobStore(blobDir ?? "");
  let deps: AppDeps | undefined;
  const tasks = holdTasks(kortTasks(), () => {
    if (!deps) throw new Error("The test app is not ready");
    return { ...deps, logger };
  });
  deps = createAppDeps({ db: database.db, config, now: options.now, blobs, tasks: tasks.queue });
  const app = await createKortApp({
    db: database.db,
    config,
    logger,
    webDistDir: options.webDistDir ?? "/nonexistent/kort-web-dist",
    now: options.now,
    blobs,
    tasks: tasks.queue,
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    blobs,
    logs,
    logger,
    deps,
    tasks,
    close: async () => {
      await app.close();
      await database.close();
      if (blobDir) await rm(blobDir, { recursive: true, force: true });
    },
  };
};

/**
 * Whether any log line shows these digits (a PIN, a passcode) as a number of its own. A line's clock, duration and
 * request id turn up any four digits by chance, so those fields are left out and digits inside an id are not counted.
 */
export const logsShowDigits = (logs: TestApp["logs"], digits: string): boolean => {
  const searched = JSON.stringify(logs.map(({ time, pid, reqId, ms, ...rest }) => rest));
  return new RegExp(`(?<![0-9a-f-])${digits}(?![0-9a-f-])`, "i").test(searched);
};
