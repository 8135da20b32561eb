import { defineConfig } from "drizzle-kit";

/**
 * `npm run db:generate` writes a new SQL migration from the schema diff. Migrations are checked in and the
 * server applies them on start (src/platform/db/migrate.ts); drizzle-kit never touches a live database.
 */
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/platform/db/schema/index.ts",
  out: "./src/platform/db/migrations",
  strict: true,
  verbose: true,
});
