/**
 * Where requests send work that outlives them (exports): a pg-boss queue in the server (jobs.ts), one the test
 * drains in tests. Sent after the request's transaction commits.
 */
export type TaskQueue = { send: (queue: string, data: Record<string, unknown>) => Promise<void> };
