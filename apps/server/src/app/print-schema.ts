import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { lexicographicSortSchema, printSchema } from "graphql";
import { kortSchema } from "./schema.ts";

/**
 * Prints the schema to apps/server/schema.graphql, which the web app's typed documents read.
 * `--check` fails instead of writing when the checked-in file is stale, so CI catches a schema
 * change that was not printed and committed.
 */
const target = fileURLToPath(new URL("../../schema.graphql", import.meta.url));

export const printedSchema = (): string => `${printSchema(lexicographicSortSchema(kortSchema()))}\n`;

const main = async (): Promise<void> => {
  const next = printedSchema();
  if (!process.argv.includes("--check")) {
    await writeFile(target, next);
    console.log(`Wrote ${target}`);
    return;
  }
  const current = await readFile(target, "utf8").catch(() => "");
  if (current === next) {
    console.log("schema.graphql is up to date.");
    return;
  }
  console.error(
    `apps/server/schema.graphql is stale: the GraphQL schema in the code has changed.\n` +
      "Run `npm run schema:print` and commit apps/server/schema.graphql.",
  );
  process.exitCode = 1;
};

// Runs only as a script (npm run schema:print / schema:check), so tests can import printedSchema.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
