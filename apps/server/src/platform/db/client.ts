import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { DbLog } from "./embedded-support.ts";
import * as schema from "./schema/index.ts";

/** The application's database handle. Repositories take it (or a transaction) as their first parameter. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** A transaction handle, as passed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What a repository function can run on: the pool or an open transaction. */
export type Executor = Db | Tx;

export type DbOptions = {
  /** Pool size; node-postgres defaults to 10. */
  max?: number;
  log?: DbLog;
};

/**
 * Opens a pool on `url`. The pool's `error` event (an idle connection dropped by the server, e.g. on
 * restart) would crash the process unhandled; it is logged instead and the pool reconnects on next use.
 */
export function createDb(url: string, options: DbOptions = {}): { db: Db; pool: pg.Pool; close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  pool.on("error", (error) => options.log?.warn(`Idle database connection failed: ${error.message}`));
  const db = drizzle(pool, { schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    pool,
    close: () => {
      closing ??= pool.end();
      return closing;
    },
  };
}
