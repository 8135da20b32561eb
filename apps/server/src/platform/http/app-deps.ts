import type { BlobStore } from "../blobs/blob-store.ts";
import { createBlobStore } from "../blobs/create-blob-store.ts";
import type { Config } from "../config.ts";
import { createLinkSigner, linkKeyOf } from "../crypto/signed-links.ts";
import type { Db } from "../db/client.ts";
import type { TaskQueue } from "../jobs/task-queue.ts";
import type { AppDeps } from "./rest.ts";

/**
 * What every handler works with: the one way to make it, for the HTTP app, main.ts's mail listener and a task
 * process (platform/jobs/task-process-child.ts). Kept apart from app.ts so that a task process, which has no HTTP
 * server, does not load one.
 */
export const createAppDeps = (options: {
  db: Db;
  config: Config;
  /** The clock of time-dependent rules; tests pass one they can move. */
  now?: () => Date;
  /** Defaults to the store config.blobs names. */
  blobs?: BlobStore;
  tasks: TaskQueue;
}): AppDeps => ({
  db: options.db,
  config: options.config,
  now: options.now ?? (() => new Date()),
  blobs: options.blobs ?? createBlobStore(options.config.blobs),
  links: createLinkSigner(linkKeyOf(options.config), options.config.links.ttlSeconds),
  tasks: options.tasks,
});
