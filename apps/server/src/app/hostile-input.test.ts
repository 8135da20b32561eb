import { randomBytes, randomUUID } from "node:crypto";
import type { GraphQLField, GraphQLInputType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFundingScene, HOLDER_PASSCODE } from "../modules/funding-sources/testing/funding-scene.ts";
import { randomKennitala } from "../modules/onboarding/testing/kennitala.ts";
import { createPeopleScene } from "../modules/people/testing/people-scene.ts";
import { settledPurchase } from "../modules/processor/testing/network-calls.ts";
import { createCardSecrets } from "../platform/crypto/card-secrets.ts";
import { encodeCursor } from "../platform/db/keyset-cursor.ts";
import type { RestRoute } from "../platform/http/rest.ts";
import { bodySample } from "../platform/http/testing/body-sample.ts";
import {
  type FixtureIds,
  hasFields,
  idNamed,
  isEnum,
  isWrapper,
  namedOf,
  nameOf,
  operationCall,
  pathWithIds,
} from "../platform/http/testing/operation-args.ts";
import { apiRoutes } from "./routes.ts";
import { kortSchema } from "./schema.ts";
import { sweepCompany } from "./testing/sweep-company.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

/**
 * "Bad input gets a clear error with a code; it never gets a 500", checked by a machine over every operation: each
 * GraphQL Query and Mutation field is called with one hostile value at a time in one of its arguments (or one field
 * of an input object), the others as operationCall makes them; each /v1 route with hostile path ids, one hostile
 * query value at a time, and a body sampled from its schema (body-sample.ts) that is valid but for one hostile field;
 * a card's own routes again as its holder, so those bodies get past the policy to the service. Hostile: a NUL byte,
 * a lone surrogate, 20,000 characters, a day that does not exist, a cursor of the right shape whose time PostgreSQL
 * cannot read, numbers past their type. Whatever the answer, it is never a 500 or INTERNAL: a value PostgreSQL would
 * refuse must be refused before it reaches the statement.
 */

let t: TestApp;
let headers: Record<string, string>;
const freshOwner = async () => (await createPeopleScene(t.db)).callers.owner.headers;
const NETWORK_KEY = "hostile-network-key-0123456789";
const MAIL_RELAY_KEY = "hostile-mail-relay-key-0123456789";
const cardKey = randomBytes(32);
beforeAll(async () => {
  t = await createTestApp({
    env: {
      KORT_CARD_KEY: cardKey.toString("base64"),
      KORT_NETWORK_KEY: NETWORK_KEY,
      KORT_MAIL_RELAY_KEY: MAIL_RELAY_KEY,
    },
  });
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

/** The sign-in e-mail of the bodies; sendAll gives each request an address of its own in its place. */
const SWEEP_EMAIL = "sweep@example.is";

/**
 * What the sampled bodies cannot guess, by route: values that pass a refinement (an e-mail, a kennitala's check
 * digit, a push subscription's JSON, a currency the processor knows). Merged over the sample, so every body sent
 * below starts valid and each hostile value is the only thing wrong with it.
 */
const BODY_VALUES: Record<string, Record<string, unknown>> = {
  "POST /v1/tokens": { identity: { type: "email", value: SWEEP_EMAIL } },
  "POST /v1/verifications/:id/data": { code: "123456" },
  "POST /v1/users/current/phone": { phone: "+3546123456" },
  "PUT /v1/users/current/phone": { code: "123456" },
  "POST /v1/onboarding": {
    email: SWEEP_EMAIL,
    company: { name: "Hostile ehf.", kennitala: randomKennitala("company") },
  },
  "POST /v1/devices/tokens": {
    token: JSON.stringify({ endpoint: "https://push.example.is/x", keys: { p256dh: "BNc", auth: "tBH" } }),
  },
  "POST /v1/network/authorizations": { currency: "ISK" },
  "POST /v1/users/search": { roles: ["user"] },
};

const withValues = (sample: unknown, values: Record<string, unknown> | undefined): unknown => {
  if (!values || typeof sample !== "object" || sample === null) return values ?? sample;
  const merged: Record<string, unknown> = { ...(sample as Record<string, unknown>) };
  for (const [key, value] of Object.entries(values)) {
    const nested = typeof value === "object" && value !== null && !Array.isArray(value);
    merged[key] = nested ? withValues(merged[key], value as never) : value;
  }
  return merged;
};

/** The valid body, then each top-level field (or each field of a nested object) set to one hostile value in turn. */
const hostileBodies = (valid: unknown): unknown[] => {
  if (typeof valid !== "object" || valid === null || Array.isArray(valid)) return [valid];
  const bodies: unknown[] = [valid, {}];
  const values = [...STRINGS, ...INTS, 1e308, 0.5, null, true, [], {}];
  const entries = Object.entries(valid as Record<string, unknown>);
  for (const [key, value] of entries) {
    for (const hostileValue of values) bodies.push({ ...valid, [key]: hostileValue });
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      for (const inner of Object.keys(value)) {
        for (const hostileValue of values) bodies.push({ ...valid, [key]: { ...value, [inner]: hostileValue } });
      }
    }
  }
  return bodies;
};

const KEYS = { "x-network-key": NETWORK_KEY, "x-mail-relay-key": MAIL_RELAY_KEY };

let sweepRequests = 0;

/** Sends each request to the route with the caller's headers: the statuses answered, and which were 500s. */
const sendAll = async (
  route: RestRoute,
  caller: Record<string, string>,
  requests: { url: string; body?: unknown }[],
) => {
  const failures: string[] = [];
  const statuses = new Set<number>();
  for (const { url, body } of requests) {
    // Each request from its own address, and a sign-in's for its own e-mail, so the sign-in routes' rate limits
    // (per address, per identity) answer 429 to none of them and every body reaches the service.
    sweepRequests += 1;
    const remoteAddress = `10.${(sweepRequests >> 16) & 255}.${(sweepRequests >> 8) & 255}.${sweepRequests & 255}`;
    const sent = { ...caller, ...KEYS, "idempotency-key": randomUUID() };
    const response = await t.app.inject(
      body === undefined
        ? { method: route.method, url, headers: sent, remoteAddress }
        : {
            method: route.method,
            url,
            remoteAddress,
            headers: { ...sent, "content-type": "application/json" },
            payload: JSON.stringify(body).replaceAll(SWEEP_EMAIL, () => `sweep-${randomUUID()}@example.is`),
          },
    );
    statuses.add(response.statusCode);
    if (response.statusCode >= 500) {
      const sentBody = JSON.stringify(body)?.slice(0, 120);
      failures.push(`${route.method} ${url.slice(0, 120)} ${sentBody}: ${response.body.slice(0, 160)}`);
    }
  }
  return { failures, statuses };
};

/** The route's valid body: sampled from its schema, with what a sample cannot guess (BODY_VALUES) over it. */
const validBody = (route: RestRoute, values: Record<string, unknown> = {}, ids?: FixtureIds) =>
  route.schemas.body && !route.upload
    ? withValues(
        withValues(bodySample(route.schemas.body, ids && idNamed(ids)), BODY_VALUES[`${route.method} ${route.path}`]),
        values,
      )
    : {};

describe("hostile input", () => {
  it("samples a body every /v1 route with a body accepts, so the sweep below reaches past validation", () => {
    const refused = apiRoutes({ demoMode: true })
      .filter((route) => route.schemas.body && !route.upload)
      .flatMap((route) => {
        const key = `${route.method} ${route.path}`;
        const result = route.schemas.body?.safeParse(validBody(route));
        return result?.success ? [] : [`${key}: ${JSON.stringify(result?.error.issues.map((i) => i.path))}`];
      });
    expect(refused).toEqual([]);
  });

  it("never answers a /v1 route with a 500, one hostile query value, id or body field at a time", async () => {
    const failures = new Set<string>();
    const PATH_VALUES = ["not-a-uuid", "00000000-0000-0000-0000-000000000000", "%00", "2026-02-30", randomUUID()];
    for (const route of apiRoutes({ demoMode: true })) {
      const caller = route.method === "GET" ? headers : await freshOwner();
      const queryKeys = shapeKeys(route.schemas.query);
      const hasBody = route.method !== "GET" && route.method !== "DELETE";
      const valid = validBody(route);
      const requests: { url: string; body?: unknown }[] = [];
      for (const value of PATH_VALUES) {
        const path = route.path.replace(/:(\w+)/g, () => encodeURIComponent(value));
        requests.push({ url: path, body: hasBody ? valid : undefined });
        for (const key of queryKeys) {
          for (const hostileValue of [...STRINGS.slice(0, 3), FORGED_CURSOR, "-1", "99999999999999999999", "1.5"]) {
            requests.push({
              url: `${path}?${key}=${encodeURIComponent(hostileValue)}`,
              body: hasBody ? valid : undefined,
            });
          }
        }
      }
      for (const failure of (await sendAll(route, caller, requests)).failures) failures.add(failure);
      if (hasBody) {
        // The body's fields, as the owner of a company with a row of every kind, behind its rows' ids in the path
        // and the body (`authorization_id`): the route gets past NOT_FOUND to the service that reads the body.
        const company = await sweepCompany(t);
        const url = pathWithIds(route.path, company.ids);
        const bodies = hostileBodies(validBody(route, {}, company.ids)).map((body) => ({ url, body }));
        for (const failure of (await sendAll(route, company.headers, bodies)).failures) failures.add(failure);
      }
    }
    expect([...failures]).toEqual([]);
  }, 900_000);

  it("never answers a card's own /v1/funding_sources route with a 500, one hostile body field at a time", async () => {
    // Past the policy: the holder on a card of their own, with their passcode, so the body reaches the service.
    const scene = await createFundingScene(t, cardKey);
    const failures: string[] = [];
    const reached: string[] = [];
    for (const route of apiRoutes({ demoMode: true }).filter((r) => r.path.startsWith("/v1/funding_sources/:id"))) {
      const card = await scene.holderCard();
      // A purchase of the card's own for its transaction routes (`:tid`), so their bodies get past NOT_FOUND too.
      const tid = route.path.includes(":tid")
        ? await settledPurchase({ db: t.db, secrets: createCardSecrets(cardKey), now: () => new Date() }, card, "Bónus")
        : randomUUID();
      const url = route.path.replace(":id", card.id).replace(":tid", tid);
      // A comment with no category and no tax category is a whole change (the scene's company has no chart), and
      // its body takes no other field.
      const valid = validBody(
        route,
        route.path.includes(":tid")
          ? { category_id: null, subcategory_ids: [], tax_category_id: null }
          : { passcode: HOLDER_PASSCODE },
      );
      const bodies = route.method === "GET" || route.method === "DELETE" ? [undefined] : hostileBodies(valid);
      const sent = await sendAll(
        route,
        scene.callers.holder.headers,
        bodies.map((body) => ({ url, body })),
      );
      failures.push(...sent.failures);
      if ([...sent.statuses].some((status) => status < 300)) reached.push(`${route.method} ${route.path}`);
    }
    // The calls whose bodies the service parses were answered 2xx with the valid body: the sweep got past the policy.
    expect(reached).toEqual(
      expect.arrayContaining([
        ...["/pin/set", "/sensitive", "/provision/apple", "/provision/google"].map(
          (s) => `POST /v1/funding_sources/:id${s}`,
        ),
        "PATCH /v1/funding_sources/:id/transactions/:tid",
      ]),
    );
    expect(failures).toEqual([]);
  }, 900_000);

  it("never answers a GraphQL field with INTERNAL, one hostile value at a time", async () => {
    const schema = kortSchema();
    const failures = new Set<string>();
    const reader = await sweepCompany(t);
    for (const [kind, type] of [
      ["query", schema.getQueryType()],
      ["mutation", schema.getMutationType()],
    ] as const) {
      for (const field of Object.values(type?.getFields() ?? {})) {
        // A mutation may change its caller (a role, a session, a membership): each starts from a fresh company. Its
        // ids name real rows of that company (sweepCompany), so hostile values get past NOT_FOUND.
        const { headers: caller, ids } = kind === "mutation" ? await sweepCompany(t) : reader;
        const base = operationCall(kind, field, ids, "all");
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
