import type pg from "pg";
import type { Db } from "./client.ts";

/**
 * What a session lock is named by: a number (the migrations', kept as older servers take it) or a name, hashed by
 * PostgreSQL (`hashtext`), as the modules' transaction locks are named, so no two users pick the same number.
 */
export type SessionLockKey = number | string;

/**
 * Runs `work` while this process holds a session advisory lock: for work that spans several transactions and must
 * run one process at a time across servers sharing the database (migrations, the demo seeding). The lock lives on a
 * connection of its own, held outside every transaction, so the work's transactions take other connections (or
 * this one, handed to `work`). The pool's request bounds (client.ts) are lifted for that session, since a second
 * server waits here as long as the first works: `waitMs` bounds the wait and the session's statements instead
 * (0: no bound), and past it PostgreSQL's timeout error ends the start. The session is destroyed afterwards, never
 * returned to the pool: a request must never get a connection without its bounds.
 */
export const withSessionLock = async <T>(
  db: Db,
  key: SessionLockKey,
  waitMs: number,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> => {
  const lockId = typeof key === "number" ? "$1::bigint" : "hashtext($1)";
  const client = await db.$client.connect();
  try {
    const bound = Math.max(0, Math.floor(waitMs));
    await client.query(
      `set statement_timeout = ${bound}; set lock_timeout = ${bound}; set idle_in_transaction_session_timeout = 0`,
    );
    await client.query(`select pg_advisory_lock(${lockId})`, [key]);
    try {
      return await work(client);
    } finally {
      await client.query(`select pg_advisory_unlock(${lockId})`, [key]);
    }
  } finally {
    client.release(true);
  }
};
