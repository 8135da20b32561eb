import { AsyncLocalStorage } from "node:async_hooks";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type DbTimeouts, DEFAULT_DB_TIMEOUTS } from "../config.ts";
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
  timeouts?: Partial<DbTimeouts>;
  /**
   * Refuse a second connection asked for inside a transaction (guardPool). On by default, so every test and
   * development run has it; production turns it off (KORT_DB_POOL_GUARD), see guardPool for why.
   */
  guard?: boolean;
};

/** Thrown when code inside a transaction asks the pool for another connection (see guardPool). */
export class SecondConnectionError extends Error {
  constructor() {
    super(
      "A query inside a transaction asked the pool for a second connection. Pass the transaction (tx) down instead of the pool: under load every connection can be held by a transaction waiting for another, and the server hangs.",
    );
    this.name = "SecondConnectionError";
  }
}

/** Set while a `db.transaction` callback runs; the pool refuses connections asked for from inside it. */
const insideTransaction = new AsyncLocalStorage<true>();

/**
 * A request's work is one transaction on one connection. Code that reaches for the pool (`db`) instead of its
 * `tx` while the transaction is open holds one connection and waits for a second: with N such requests at once
 * and a pool of N, all wait forever. This makes that mistake fail at once, in every test, instead of under load.
 *
 * It is a check for the code, not a rule of the product, and it has a price: on Node 20 AsyncLocalStorage runs a
 * hook on every promise the process makes, which cost 10-20 µs of server CPU on a 130-200 µs request (measured on
 * `GET /v1/users/current` and `{ me }` under load). So production runs without it; the mistake it catches is
 * caught by the tests, and without the guard it still ends in the pool's wait bound (503 BUSY), not a hang.
 */
const guardPool = (pool: pg.Pool, db: Db): void => {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  const guarded = (callback?: (error: Error | undefined, client?: pg.PoolClient, release?: () => void) => void) => {
    if (insideTransaction.getStore()) {
      const error = new SecondConnectionError();
      if (typeof callback === "function") {
        callback(error);
        return undefined;
      }
      return Promise.reject(error);
    }
    return connect(callback);
  };
  pool.connect = guarded as typeof pool.connect;
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) =>
    transaction((tx) => insideTransaction.run(true, () => run(tx)), config)) as Db["transaction"];
};

/**
 * Opens a pool on `url` with the timeouts applied to every connection. The pool's `error` event (an idle
 * connection dropped by the server, e.g. on restart) would crash the process unhandled; it is logged instead
 * and the pool reconnects on next use.
 */
export function createDb(url: string, options: DbOptions = {}): { db: Db; pool: pg.Pool; close(): Promise<void> } {
  const timeouts = { ...DEFAULT_DB_TIMEOUTS, ...options.timeouts };
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  });
  pool.on("error", (error) => options.log?.warn(`Idle database connection failed: ${error.message}`));
  const db = drizzle(pool, { schema });
  if (options.guard ?? true) guardPool(pool, db);
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
