/**
 * Where requests send work that outlives them (exports): a pg-boss queue in the server (jobs.ts), one the test
 * drains in tests. Sent after the request's transaction commits.
 */
export type TaskQueue = {
  send: (queue: string, data: Record<string, unknown>, options?: TaskOptions) => Promise<void>;
};

/**
 * `priority`: higher is taken first from its queue (pg-boss's own), default 0. Work a person waits for on screen
 * goes ahead of a backlog that nobody is watching (a sweep's re-sends, the demo's receipts at start).
 */
export type TaskOptions = {
  priority?: number;
  /**
   * At most one task with this key waits in its queue: a send while one waits is dropped (pg-boss's `short` policy,
   * for queues declared `onePerKey`). One may still be running: a send then queues the next run.
   */
  key?: string;
};
