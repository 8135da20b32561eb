import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { migrationsFolder } from "../migrate.ts";

/**
 * Runs one migration's statements again, as the migrator runs them, on a test database that the test has first set
 * back to how the release before left it: how a migration's copy of existing rows is tested.
 */
export const runMigrationFile = async (db: Db, name: string): Promise<void> => {
  const text = readFileSync(`${migrationsFolder}/${name}.sql`, "utf8");
  for (const statement of text.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));
};
