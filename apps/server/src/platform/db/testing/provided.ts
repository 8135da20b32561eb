/** What the global setup hands every test file (through vitest's provide/inject). */
export type TestDatabaseInfo = {
  /** A connection to the server's maintenance database, for creating and dropping the clones. */
  adminUrl: string;
  /** The migrated database that every test file's database is cloned from. */
  template: string;
};

export const TEST_DATABASE_KEY = "kortTestDatabase";

declare module "vitest" {
  export interface ProvidedContext {
    kortTestDatabase: TestDatabaseInfo;
  }
}

/** Test databases are named `kort_<kind>_<unix seconds>_<random>` so stale ones can be recognised by age. */
export const testDatabaseName = (kind: "tpl" | "test"): string =>
  `kort_${kind}_${Math.floor(Date.now() / 1000)}_${Math.random().toString(36).slice(2, 10)}`;

export const TEST_DATABASE_PATTERN = /^kort_(tpl|test)_(\d+)_[a-z0-9]+$/;

/** The same server, another database. */
export const withDatabase = (url: string, database: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};
