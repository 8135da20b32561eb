import { inject } from "vitest";
import type { DbTimeouts } from "../../config.ts";
import { createDb, type Db } from "../client.ts";
import { dropDatabase, withAdmin } from "./admin.ts";
import { TEST_DATABASE_KEY, testDatabaseName, withDatabase } from "./provided.ts";

export type TestDatabase = { db: Db; url: string; close(): Promise<void> };

/**
 * A fresh, migrated database of this test file's own, cloned from the run's template (a file copy, tens of
 * milliseconds), so test files run in parallel without seeing each other's rows. Call it in `beforeAll` and
 * `close()` in `afterAll`; close drops the database.
 */
export async function createTestDatabase(
  options: { max?: number; timeouts?: Partial<DbTimeouts> } = {},
): Promise<TestDatabase> {
  const { adminUrl, template } = inject(TEST_DATABASE_KEY);
  const name = testDatabaseName("test");
  await withAdmin(adminUrl, (client) =>
    client.query(
      `create database ${client.escapeIdentifier(name)} template ${client.escapeIdentifier(template)} strategy file_copy`,
    ),
  );
  const url = withDatabase(adminUrl, name);
  const { db, close } = createDb(url, { max: options.max ?? 5, timeouts: options.timeouts });
  let closing: Promise<void> | undefined;
  return {
    db,
    url,
    close: () => {
      closing ??= close().then(() => withAdmin(adminUrl, (client) => dropDatabase(client, name)));
      return closing;
    },
  };
}
