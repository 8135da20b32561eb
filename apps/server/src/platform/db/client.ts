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

/**
 * Thrown when code sends a query on a connection whose previous query has not answered yet: `Promise.all` over
 * queries on a transaction's `tx`. One connection runs one query at a time, so nothing is gained; pg 8 queues the
 * second silently and warns from the third, and pg 9 refuses them.
 */
export class OverlappingQueryError extends Error {
  constructor() {
    super(
      "A query was sent on a connection still running another (Promise.all over one transaction's queries?). Await them one after another: a connection answers one query at a time.",
    );
    this.name = "OverlappingQueryError";
  }
}

/** A rollback may follow a failure while the failed batch's other query still runs: pg queues it behind that one. */
const isRollback = (first: unknown): boolean => {
  const text = typeof first === "string" ? first : (first as { text?: unknown } | null)?.text;
  return typeof text === "string" && /^\s*rollback\b/i.test(text);
};

/**
 * Refuses a promise-style query on `client` while its previous one is unanswered (OverlappingQueryError). Calls
 * with a callback (the pool's own `pool.query`) and streams (COPY, cursors) pass through: neither is how a
 * repository's query reaches a transaction, and a stream's end is its own event. So does a rollback, which must
 * end the transaction whatever else was sent.
 */
const guardClient = (client: pg.PoolClient): void => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let running = 0;
  const settled = () => {
    running -= 1;
  };
  client.query = ((...args: unknown[]) => {
    const [first] = args;
    const stream = typeof first === "object" && first !== null && "submit" in first;
    if (stream || typeof args.at(-1) === "function" || isRollback(first)) return query(...args);
    if (running > 0) throw new OverlappingQueryError();
    running += 1;
    const answer = query(...args) as Promise<unknown>;
    answer.then(settled, settled);
    return answer;
  }) as typeof client.query;
};

/** Set while a `db.transaction` callback runs; the pool refuses connections asked for from inside it. */
const insideTransaction = new AsyncLocalStorage<true>();

/**
 * A request's work is one transaction on one connection. Code that reaches for the pool (`db`) instead of its
 * `tx` while the transaction is open holds one connection and waits for a second: with N such requests at once
 * and a pool of N, all wait forever. This makes that mistake fail at once, in every test, instead of under load.
 *
 * The same guard refuses a second query sent on a connection before its first has answered (guardClient).
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
  pool.on("connect", guardClient);
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
