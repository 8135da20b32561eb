import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Db } from "./client.ts";

/** The checked-in SQL migrations, found next to this file whether run from src or elsewhere. */
export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** An arbitrary constant naming our advisory lock; any other user of advisory locks must avoid it. */
const MIGRATION_LOCK = 4_721_907_311;

/**
 * Applies pending migrations. Several server processes may start at once against one database, so the
 * migrations run under a session advisory lock: the first applies them, the others wait and find nothing left.
 */
export async function migrateDatabase(db: Db): Promise<void> {
  const client = await db.$client.connect();
  try {
    // A migration may rewrite a large table, and a second server waits here for the first: the request
    // timeouts of the pool (client.ts) do not apply to this session.
    await client.query("set statement_timeout = 0; set lock_timeout = 0; set idle_in_transaction_session_timeout = 0");
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    // Destroyed, not returned: its session has the request bounds lifted, and a request must never get it.
    client.release(true);
  }
}
