import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { print } from "@0no-co/graphql.web";
import { buildSchema, type DocumentNode, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";

/**
 * The dashboard's GraphQL documents against the server's printed schema (`apps/server/schema.graphql`): every
 * document validates, every document is written with `graphql()` so its types come from the schema, and the
 * generated `graphql-env.d.ts` is the one that schema gives. A field renamed on the server fails here, not in
 * a browser.
 */

const webRoot = fileURLToPath(new URL("../../..", import.meta.url));
const sourceRoot = path.join(webRoot, "src");
const schemaFile = path.join(webRoot, "../server/schema.graphql");
const generatedFile = path.join(sourceRoot, "app/api/graphql-env.d.ts");

const sourceFiles = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });

const isDocument = (value: unknown): value is DocumentNode =>
  typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "Document";

/** Documents exported by a module, also those grouped in an exported object (the card actions). */
const documentsOf = (exports: Record<string, unknown>): [string, DocumentNode][] =>
  Object.entries(exports).flatMap(([name, value]) => {
    if (isDocument(value)) return [[name, value] as [string, DocumentNode]];
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      return Object.entries(value)
        .filter((entry): entry is [string, DocumentNode] => isDocument(entry[1]))
        .map(([key, document]) => [`${name}.${key}`, document] as [string, DocumentNode]);
    }
    return [];
  });

const documentModules = sourceFiles(sourceRoot).filter((file) => file.endsWith(".graphql.ts"));

describe("the dashboard's GraphQL documents", () => {
  const schema = buildSchema(readFileSync(schemaFile, "utf8"));

  it("are found", () => {
    expect(documentModules.length).toBeGreaterThanOrEqual(5);
  });

  it.each(documentModules.map((file) => [path.relative(sourceRoot, file), file]))(
    "%s validate against the schema",
    async (_name, file) => {
      const documents = documentsOf(await import(file));
      expect(documents.length).toBeGreaterThan(0);
      for (const [name, document] of documents) {
        const errors = validate(schema, parse(print(document))).map((error) => error.message);
        expect({ name, errors }).toEqual({ name, errors: [] });
      }
    },
  );

  it("are all written with graphql(), so their answers are typed from the schema", () => {
    const untyped = sourceFiles(sourceRoot)
      .filter((file) => !file.endsWith(".test.ts"))
      .filter((file) => /\/\*\s*GraphQL\s*\*\/|`\s*(query|mutation|subscription|fragment)\s+\w+/.test(stripTyped(file)))
      .map((file) => path.relative(sourceRoot, file));
    expect(untyped).toEqual([]);
  });

  it("are typed by the graphql-env.d.ts that the current schema gives (npm run schema:print)", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "kort-gql-env-"));
    try {
      const fresh = path.join(folder, "graphql-env.d.ts");
      const cli = path.join(webRoot, "../../node_modules/gql.tada/bin/cli.js");
      execFileSync(process.execPath, [cli, "generate-output", "--output", fresh], { cwd: webRoot, stdio: "pipe" });
      expect(readFileSync(generatedFile, "utf8") === readFileSync(fresh, "utf8")).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** A file's text without its `graphql(` calls' opening, so only documents outside graphql() remain visible. */
const stripTyped = (file: string): string => readFileSync(file, "utf8").replace(/graphql\(\s*`/g, "graphql(");
