import { randomUUID } from "node:crypto";
import type { GraphQLField, GraphQLInputType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPeopleScene } from "../modules/people/testing/people-scene.ts";
import { encodeCursor } from "../platform/db/keyset-cursor.ts";
import {
  hasFields,
  isEnum,
  isWrapper,
  namedOf,
  nameOf,
  operationCall,
} from "../platform/http/testing/operation-args.ts";
import { apiRoutes } from "./routes.ts";
import { kortSchema } from "./schema.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

/**
 * "Bad input gets a clear error with a code; it never gets a 500", checked by a machine over every operation: each
 * GraphQL Query and Mutation field is called with one hostile value at a time in one of its arguments (or one field
 * of an input object), the others as operationCall makes them; each /v1 route with hostile path ids and one hostile
 * query value at a time. Hostile: a NUL byte, a lone surrogate, 20,000 characters, a day that does not exist, a
 * cursor of the right shape whose time PostgreSQL cannot read, numbers past their type. Whatever the answer, it is
 * never a 500 or INTERNAL: a value PostgreSQL would refuse must be refused before it reaches the statement.
 */

let t: TestApp;
let headers: Record<string, string>;
const freshOwner = async () => (await createPeopleScene(t.db)).callers.owner.headers;
beforeAll(async () => {
  t = await createTestApp();
  headers = await freshOwner();
});
afterAll(() => t.close());

const FORGED_CURSOR = encodeCursor({ value: "2026-02-30 25:61:00+00", id: randomUUID() });
const STRINGS = [
  "not-a-uuid",
  "2026-02-30",
  "\u0000nul",
  "x".repeat(20_000),
  FORGED_CURSOR,
  "-1",
  "1e400",
  "'; select pg_sleep(10); --",
  "%_\\",
  "\ud800",
];
const INTS = [-1, 0, 2_147_483_647, -2_147_483_648];

const hostile = (type: GraphQLInputType, round: number): unknown => {
  const text = type.toString();
  if (text.endsWith("!") && isWrapper(type)) return hostile(type.ofType, round);
  if (text.startsWith("[") && isWrapper(type)) return [hostile(type.ofType, round)];
  if (isEnum(type)) return type.getValues()[round % type.getValues().length]?.value;
  if (hasFields(type)) {
    return Object.fromEntries(Object.values(type.getFields()).map((f) => [f.name, hostile(f.type, round)]));
  }
  switch (nameOf(type)) {
    case "Int":
      return INTS[round % INTS.length];
    case "Float":
      return [1e308, -1e308, 0.1, -0.5][round % 4];
    case "Boolean":
      return round % 2 === 0;
    case "DateTime":
      return ["2026-02-30T00:00:00Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "x"][round % 4];
    default:
      return STRINGS[round % STRINGS.length];
  }
};

/** Every way to put one hostile value into one place of the arguments, the rest valid (operationCall's). */
const variants = (base: Record<string, unknown>, field: GraphQLField<unknown, unknown>) => {
  const out: Record<string, unknown>[] = [];
  field.args.forEach((arg, i) => {
    const key = `a${i}`;
    const type = namedOf(arg.type);
    if (hasFields(type)) {
      const baseValue = (base[key] ?? {}) as Record<string, unknown>;
      for (const inner of Object.values(type.getFields())) {
        for (let round = 0; round < STRINGS.length; round += 1) {
          out.push({ ...base, [key]: { ...baseValue, [inner.name]: hostile(inner.type, round) } });
        }
      }
    } else {
      for (let round = 0; round < STRINGS.length; round += 1) out.push({ ...base, [key]: hostile(arg.type, round) });
    }
  });
  return out;
};

/** The keys of a route's query schema: a Zod object's shape, or the shape inside a pipe or a wrapper of one. */
const shapeKeys = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (shape) return Object.keys(shape);
  const def = (schema as { _zod?: { def?: { in?: unknown; schema?: unknown; innerType?: unknown } } } | undefined)?._zod
    ?.def;
  return def ? shapeKeys(def.in ?? def.schema ?? def.innerType) : [];
};

describe("hostile input", () => {
  it("never answers a /v1 route with a 500, one hostile query value or id at a time", async () => {
    const failures = new Set<string>();
    const PATH_VALUES = ["not-a-uuid", "00000000-0000-0000-0000-000000000000", "%00", "2026-02-30", randomUUID()];
    for (const route of apiRoutes({ demoMode: true })) {
      const caller = route.method === "GET" ? headers : await freshOwner();
      const keys = shapeKeys(route.schemas.query);
      const bodies: unknown[] = route.method === "GET" || route.method === "DELETE" ? [undefined] : [{}, { x: 1 }];
      const urls: string[] = [];
      for (const value of PATH_VALUES) {
        const path = route.path.replace(/:(\w+)/g, () => encodeURIComponent(value));
        urls.push(path);
        for (const key of keys) {
          for (const hostileValue of [...STRINGS.slice(0, 3), FORGED_CURSOR, "-1", "99999999999999999999", "1.5"]) {
            urls.push(`${path}?${key}=${encodeURIComponent(hostileValue)}`);
          }
        }
      }
      for (const url of urls) {
        for (const body of bodies) {
          const response = await t.app.inject({
            method: route.method,
            url,
            headers: { ...caller, "idempotency-key": randomUUID(), "x-network-key": "x", "x-mail-relay-key": "x" },
            ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
          });
          if (response.statusCode >= 500)
            failures.add(`${route.method} ${url.slice(0, 160)}: ${response.body.slice(0, 160)}`);
        }
      }
    }
    expect([...failures]).toEqual([]);
  }, 900_000);

  it("never answers a GraphQL field with INTERNAL, one hostile value at a time", async () => {
    const schema = kortSchema();
    const failures = new Set<string>();
    const ids = { team: randomUUID(), user: randomUUID(), invite: randomUUID() };
    for (const [kind, type] of [
      ["query", schema.getQueryType()],
      ["mutation", schema.getMutationType()],
    ] as const) {
      for (const field of Object.values(type?.getFields() ?? {})) {
        const base = operationCall(kind, field, ids, "all");
        // A mutation may change its caller (a role, a session, a membership): each starts from a fresh company.
        const caller = kind === "mutation" ? await freshOwner() : headers;
        for (const variables of variants(base.variables, field)) {
          const response = await t.app.inject({
            method: "POST",
            url: "/graphql",
            headers: caller,
            payload: { query: base.query, variables },
          });
          const body = response.json() as { errors?: { extensions?: { code?: string } }[] };
          const internal = body.errors?.some((error) => error.extensions?.code === "INTERNAL");
          if (response.statusCode >= 500 || internal) {
            failures.add(`${kind}.${field.name} ${JSON.stringify(variables).slice(0, 200)}`);
          }
        }
      }
    }
    expect([...failures]).toEqual([]);
  }, 900_000);
});
