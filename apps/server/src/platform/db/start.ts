import path from "node:path";
import type { Config } from "../config.ts";
import { type DbLog, startEmbeddedPostgres } from "./embedded.ts";

export type StartedDatabase = {
  /** The connection URL the application uses. */
  url: string;
  /** True when this process started its own PostgreSQL (no DATABASE_URL). */
  embedded: boolean;
  /** Stops the embedded PostgreSQL; nothing to do for an external one. Safe to call twice. */
  stop(): Promise<void>;
};

/**
 * The database the server runs on: `DATABASE_URL` when configured (production), otherwise a PostgreSQL
 * that this process starts from the npm-shipped binaries, with its data in `<dataDir>/pg`.
 */
export async function startDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  log: DbLog,
): Promise<StartedDatabase> {
  if (config.databaseUrl !== undefined) {
    return { url: config.databaseUrl, embedded: false, stop: async () => {} };
  }
  const database = await startEmbeddedPostgres({ dataDir: path.resolve(config.dataDir), log });
  return { url: database.url, embedded: true, stop: database.stop };
}
