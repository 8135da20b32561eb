import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type DocumentNode, getIntrospectionQuery, print } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { createScene } from "../http/testing/fixtures.ts";
import { GRAPHQL_LIMITS } from "./limits.ts";

/** The demo and test modes (introspection on) and production (off), each on its own database. */
let dev: TestApp;
let production: TestApp;
beforeAll(async () => {
  [dev, production] = await Promise.all([createTestApp(), createTestApp({ env: { KORT_ENV: "production" } })]);
});
afterAll(async () => {
  await Promise.all([dev?.close(), production?.close()]);
});

type GraphQLBody = {
  data?: unknown;
  errors?: { message: string; extensions?: { code?: string; details?: { limit?: string } } }[];
};

const post = async (t: TestApp, query: string, headers: Record<string, string> = {}) => {
  const started = performance.now();
  const response = await t.app.inject({ method: "POST", url: "/graphql", headers, payload: { query } });
  return {
    status: response.statusCode,
    body: response.json<GraphQLBody>(),
    bytes: response.rawPayload.length,
    ms: performance.now() - started,
  };
};

const repeat = (count: number, make: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => make(i)).join(" ");

/** Nested lists inside introspection: each level multiplies the answer by the schema's field count. */
const NESTED_INTROSPECTION = "{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }";

/** The dashboard's card fields (cards.graphql.ts): one page of them costs 109, ten pages 1,089. */
const CARD_FIELDS = `id card_type status status_changed_at description masked_number created_at issuer
  expiration_month expiration_year will_close_at closed_at team { id name } cardholder { user_id full_name email }
  default_transaction_category { id title code } limits { sum_amount single_amount period count }
  balance { settled_balance available_balance currency } actions`;

/** Hostile documents, each with the limit that must refuse it. */
const HOSTILE: [name: string, limit: string, query: string][] = [
  ["8,000 aliases (175 KB)", "document_chars", `{ ${repeat(8000, (i) => `a${i}: me { user_id }`)} }`],
  [
    "330 aliases of nested introspection (21 KB)",
    "document_chars",
    `{ ${repeat(330, (i) => `a${i}: __schema { types { fields { type { fields { name } } } } }`)} }`,
  ],
  ["800 aliases under the length limit", "tokens", `{${repeat(800, (i) => `a${i}:me{id}`)}}`],
  ["11 aliases", "aliases", `{ ${repeat(11, (i) => `a${i}: me { id }`)} }`],
  [
    "10 aliases of a 200-card page",
    "cost",
    `{ ${repeat(10, (i) => `a${i}: cards(limit: 200) { nodes { ${CARD_FIELDS} } }`)} }`,
  ],
  ["depth 12", "depth", `{ me { ${"a { ".repeat(11)}b${" }".repeat(11)} } }`],
  ["11 directives", "directives", `{ ${repeat(11, () => "me @include(if: true) { id }")} }`],
  ["nested introspection", "introspection", NESTED_INTROSPECTION],
  ["aliased introspection", "introspection", `{ ${repeat(3, (i) => `s${i}: __schema { types { name } }`)} }`],
  [
    "nested introspection through fragments",
    "introspection",
    "{ ...Q } fragment Q on Query { __schema { types { ...T } } } fragment T on __Type { fields { type { fields { type { fields { name } } } } } }",
  ],
];

describe("GraphQL limits", () => {
  it.each(HOSTILE)(
    "refuses %s with QUERY_TOO_COMPLEX (%s), small and fast, in every mode",
    async (_name, limit, query) => {
      for (const t of [dev, production]) {
        const answer = await post(t, query);
        expect(answer.body.errors).toHaveLength(1);
        expect(answer.body.data).toBeUndefined();
        const refusedBy = answer.body.errors?.[0]?.extensions;
        expect(answer.status).toBe(400);
        // Production refuses introspection outright.
        if (t === production && limit === "introspection") expect(refusedBy?.code).toBe("BAD_REQUEST");
        else expect(refusedBy).toMatchObject({ code: "QUERY_TOO_COMPLEX", details: { limit } });
        expect(answer.bytes).toBeLessThan(1024);
        expect(answer.ms).toBeLessThan(1000);
      }
    },
  );

  it("refuses a signed-in owner's hostile documents the same way", async () => {
    const scene = await createScene(dev.db);
    const answer = await post(dev, HOSTILE[3]?.[2] ?? "", { ...scene.auth, "x-project-id": scene.own.id });
    expect(answer.body.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
  });

  it("answers a fragment bomb quickly without a 5xx", async () => {
    const fragments = Array.from({ length: 30 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`);
    const query = `{ ...F0 } ${fragments.join(" ")} fragment F30 on Query { me { id } }`;
    for (const t of [dev, production]) {
      const answer = await post(t, query);
      expect(answer.status).toBeLessThan(500);
      expect(answer.ms).toBeLessThan(1000);
      expect(answer.bytes).toBeLessThan(1024);
    }
  });

  it("keeps /healthz answering while 20 hostile requests are in flight", async () => {
    const hostile = Array.from({ length: 20 }, (_, i) => post(dev, HOSTILE[i % HOSTILE.length]?.[2] ?? ""));
    const healthTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const health = await dev.app.inject({ method: "GET", url: "/healthz" });
      healthTimes.push(performance.now() - started);
      expect(health.statusCode).toBe(200);
    }
    const answers = await Promise.all(hostile);
    expect(answers.every((answer) => answer.status === 400)).toBe(true);
    expect(Math.max(...healthTimes)).toBeLessThan(1000);
  });
});

describe("introspection and suggestions", () => {
  const fullIntrospection = getIntrospectionQuery({
    descriptions: true,
    specifiedByUrl: true,
    directiveIsRepeatable: true,
    schemaDescription: true,
    inputValueDeprecation: true,
  });

  it("lets GraphiQL's full introspection through outside production", async () => {
    const answer = await post(dev, fullIntrospection);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data).toMatchObject({ __schema: { queryType: { name: "Query" } } });
  });

  it("refuses introspection in production with a code, and keeps __typename", async () => {
    for (const query of [fullIntrospection, '{ __type(name: "Card") { name } }']) {
      const answer = await post(production, query);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([
        expect.objectContaining({ extensions: expect.objectContaining({ code: "BAD_REQUEST" }) }),
      ]);
      expect(answer.bytes).toBeLessThan(1024);
    }
    const typename = await post(production, "{ __typename }");
    expect(typename.body).toEqual({ data: { __typename: "Query" } });
  });

  it("gives no 'Did you mean' hints in production", async () => {
    const scene = await createScene(production.db);
    const misspelt = [
      "{ mee { id } }",
      "{ me { user_idd } }",
      "{ cards(filter: { statuss: ACTIVE }) { total_count } }",
    ];
    for (const query of misspelt) {
      const answer = await post(production, query, { ...scene.auth, "x-project-id": scene.own.id });
      expect(answer.body.errors?.length).toBeGreaterThan(0);
      expect(JSON.stringify(answer.body)).not.toMatch(/did you mean/i);
    }
    const enumValue = await production.app.inject({
      method: "POST",
      url: "/graphql",
      headers: { ...scene.auth, "x-project-id": scene.own.id },
      payload: {
        query: "query ($s: CardStatus) { cards(filter: { status: $s }) { total_count } }",
        variables: { s: "ACTIV" },
      },
    });
    expect(enumValue.body).not.toMatch(/did you mean/i);
    expect(enumValue.json<GraphQLBody>().errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    // Outside production the hints stay: they help whoever is writing a query.
    expect(JSON.stringify((await post(dev, "{ mee { id } }")).body)).toMatch(/did you mean/i);
  });
});

/** Every GraphQL document in the web app's *.graphql.ts files, found on disk so a new file is included. */
const webDocuments = async (): Promise<[string, string][]> => {
  const root = fileURLToPath(new URL("../../../../web/src/", import.meta.url));
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".graphql.ts"));
  const documents: [string, string][] = [];
  // Since gql.tada the documents are DocumentNodes (fragments appended as definitions): each is printed whole, as
  // the client sends it. Walking into one would find only its `operation: "query"` field.
  const isDocument = (value: unknown): value is DocumentNode =>
    typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "Document";
  const collect = (name: string, value: unknown) => {
    if (isDocument(value)) {
      const text = print(value);
      if (/^\s*(query|mutation)\b/.test(text)) documents.push([name, text]);
    } else if (typeof value === "string" && /^\s*(query|mutation)\b/.test(value)) documents.push([name, value]);
    else if (value && typeof value === "object")
      for (const [key, inner] of Object.entries(value)) collect(`${name}.${key}`, inner);
  };
  for (const file of files) {
    const module: Record<string, unknown> = await import(`${root}${file}`);
    for (const [name, value] of Object.entries(module)) collect(`${file} ${name}`, value);
  }
  return documents;
};

describe("the dashboard's documents", () => {
  it("all pass the limits with room to spare, in production too", async () => {
    const documents = await webDocuments();
    expect(documents.length).toBeGreaterThan(30);
    const scene = await createScene(production.db);
    for (const [name, query] of documents) {
      expect(query.length, name).toBeLessThan(GRAPHQL_LIMITS.documentChars / 5);
      const answer = await post(production, query, { ...scene.auth, "x-project-id": scene.own.id });
      const codes = answer.body.errors?.map((error) => error.extensions?.code) ?? [];
      expect(codes, name).not.toContain("QUERY_TOO_COMPLEX");
      expect(answer.status, name).toBeLessThan(500);
    }
  });
});
