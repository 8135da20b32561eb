import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Db } from "./client.ts";
import { withSessionLock } from "./session-lock.ts";

/** The checked-in SQL migrations, found next to this file whether run from src or elsewhere. */
export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** An arbitrary constant naming our advisory lock; any other user of advisory locks must avoid it. */
const MIGRATION_LOCK = 4_721_907_311;

/**
 * Applies pending migrations. Several server processes may start at once against one database, so the
 * migrations run under a session advisory lock: the first applies them, the others wait and find nothing left.
 * A migration may rewrite a large table and a second server waits for it, so neither is bounded in time.
 */
export async function migrateDatabase(db: Db): Promise<void> {
  await withSessionLock(db, MIGRATION_LOCK, 0, (client) => migrate(drizzle(client), { migrationsFolder }));
}
