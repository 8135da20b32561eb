import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { createScene } from "../http/testing/fixtures.ts";
import { GRAPHQL_LIMITS } from "./limits.ts";
import { plainParams, regularMediaType } from "./plain-request.ts";

/**
 * The plain path (plain-request.ts) answers what Yoga would, byte for byte: each request is sent as the dashboard
 * sends it, and again with an `extensions` field, which only Yoga takes.
 */

const post = (body: unknown, contentType = "application/json") => ({
  method: "POST",
  headers: { "content-type": contentType },
  body,
});

describe("which requests take the plain path", () => {
  it("takes a POST of a JSON body with a query, and its variables and operation name", () => {
    expect(plainParams(post({ query: "{ me { id } }" }))).toEqual({
      query: "{ me { id } }",
      variables: undefined,
      operationName: undefined,
    });
    expect(
      plainParams(
        post(
          { query: "query Q { me { id } }", variables: { a: 1 }, operationName: "Q" },
          "application/json; charset=utf-8",
        ),
      ),
    ).toEqual({ query: "query Q { me { id } }", variables: { a: 1 }, operationName: "Q" });
    expect(plainParams(post({ query: "{ me { id } }", variables: null, operationName: null }))?.variables).toBe(
      undefined,
    );
  });

  it("leaves everything else to Yoga", () => {
    expect(plainParams({ ...post({ query: "{ me { id } }" }), method: "GET" })).toBeUndefined();
    expect(plainParams(post({ query: "{ me { id } }" }, "application/graphql"))).toBeUndefined();
    expect(plainParams(post({ query: "{ me { id } }", extensions: {} }))).toBeUndefined();
    expect(plainParams(post({ query: "{ me { id } }", variables: [1] }))).toBeUndefined();
    expect(plainParams(post({ query: "{ me { id } }", operationName: 7 }))).toBeUndefined();
    expect(plainParams(post({ query: 7 }))).toBeUndefined();
    expect(plainParams(post([{ query: "{ me { id } }" }]))).toBeUndefined();
    expect(plainParams(post({ query: "x".repeat(GRAPHQL_LIMITS.documentChars + 1) }))).toBeUndefined();
  });

  it("answers in the JSON media type Yoga would choose, and leaves streams to Yoga, the same when asked again", () => {
    const cases: [string | undefined, string | undefined][] = [
      [undefined, "application/json"],
      ["*/*", "application/json"],
      ["application/json", "application/json"],
      ["application/graphql-response+json", "application/graphql-response+json"],
      ["application/graphql-response+json, application/json", "application/graphql-response+json"],
      ["application/json, application/graphql-response+json", "application/json"],
      ["application/json; charset=latin1", undefined],
      ["text/event-stream", undefined],
      ["text/html", undefined],
    ];
    // Asked again (answers are kept by header), and again after more distinct headers than are kept.
    const flood = Array.from({ length: 200 }, (_, index) => `application/x-${index}, text/event-stream`);
    for (const round of [1, 2, 3]) {
      for (const [accept, chosen] of cases) expect(regularMediaType(accept), `${accept} (${round})`).toBe(chosen);
      if (round === 2) for (const accept of flood) expect(regularMediaType(accept)).toBeUndefined();
    }
  });
});

describe("the plain path's answers", () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    const scene = await createScene(t.db);
    auth = { ...scene.auth, "x-project-id": scene.own.id };
  });
  afterAll(() => t.close());

  const both = async (body: Record<string, unknown>, headers: Record<string, string>) => {
    const send = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url: "/graphql", headers: { ...headers }, payload });
    const [plain, yoga] = await Promise.all([send(body), send({ ...body, extensions: {} })]);
    return { plain, yoga };
  };

  it.each([
    ["an answer", { query: "{ me { id full_name } }" }, {}],
    ["a signed-out caller", { query: "{ me { id } }" }, { signedOut: true }],
    [
      "an error in a field",
      { query: "query ($id: ID!) { transaction(id: $id) { approval_code } }", variables: { id: randomUUID() } },
      {},
    ],
    [
      "a variable of the wrong kind",
      {
        query: "query ($sort: TransactionSort) { transactions_v2(sort: $sort) { next_cursor } }",
        variables: { sort: "DATE_DES" },
      },
      {},
    ],
    ["a mutation refused", { query: 'mutation { acknowledge_announcement(id: "nope") }' }, {}],
    ["an unknown field", { query: "{ me { nope } }" }, {}],
    ["a named operation", { query: "query A { me { id } } query B { __typename }", operationName: "B" }, {}],
    [
      "another media type",
      { query: "{ me { id } }" },
      { signedOut: true, accept: "application/graphql-response+json" },
    ],
  ])("is Yoga's for %s", async (_name, body, options: { signedOut?: boolean; accept?: string }) => {
    const headers: Record<string, string> = options.signedOut ? {} : { ...auth };
    if (options.accept) headers.accept = options.accept;
    const { plain, yoga } = await both(body, headers);
    expect(plain.statusCode).toBe(yoga.statusCode);
    expect(plain.headers["content-type"]).toBe(yoga.headers["content-type"]);
    expect(plain.json()).toEqual(yoga.json());
  });
});
