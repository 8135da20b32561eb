import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { randomAddress } from "./testing/auth-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Every route of sign-in, sign-up and invitations, with a path template. */
const ROUTES: { method: InjectOptions["method"]; path: string }[] = [
  { method: "POST", path: "/v1/tokens" },
  { method: "POST", path: "/v1/tokens/:id/secret" },
  { method: "DELETE", path: "/v1/tokens" },
  { method: "POST", path: "/v1/verifications/:id/data" },
  { method: "POST", path: "/v1/sessions" },
  { method: "GET", path: "/v1/sessions/verify" },
  { method: "POST", path: "/v1/onboarding" },
  { method: "GET", path: "/v1/onboarding/:id" },
  { method: "POST", path: "/v1/onboarding/:id/attributes" },
  { method: "POST", path: "/v1/onboarding/:id/verifications" },
  { method: "POST", path: "/v1/onboarding/:id/complete" },
  { method: "GET", path: "/v1/invites/:id" },
  { method: "POST", path: "/v1/invites/:id/accept" },
  { method: "GET", path: "/v1/dev/outbox" },
];

const IDS = [randomUUID(), "not-a-uuid", "00000000-0000-0000-0000-000000000000", "%00", "x".repeat(300)];

const BODIES: unknown[] = [
  null,
  [],
  "text",
  42,
  {},
  { extra: true },
  { authenticator: "email", identity: { type: "email", value: ["a"] } },
  { authenticator: "email", identity: { type: "email", value: "a@b.is" }, device: { make: "x".repeat(10_000) } },
  { code: "1".repeat(7) },
  { code: null },
  { pin: { $gt: "" } },
  { email: "a@b.is", company: { name: "", kennitala: "1" } },
  { email: "a@b.is", company: { name: "Ö ehf.", kennitala: "470119-1010'; drop table users; --" } },
  { attributes: [{ kind: "password", value: "x" }] },
  { attributes: [{ kind: "phone", value: "+1 555 0100" }] },
  { attributes: new Array(50).fill({ kind: "full_name", value: "A" }), terms_accepted: "yes" },
  { verification_id: 7 },
  { token: "" },
  { token: "\u0000".repeat(10) },
];

const HEADERS: Record<string, string>[] = [
  {},
  { authorization: "Bearer" },
  { authorization: `Bearer ${"x".repeat(5000)}` },
  { authorization: "Basic ###" },
  { authorization: "Digest abc" },
  { "accept-language": ";;;q=abc,*" },
  { "x-project-id": "nope" },
  { "idempotency-key": "k".repeat(300) },
];

const call = (route: (typeof ROUTES)[number], id: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({
    method: route.method,
    url: route.path.replace(":id", encodeURIComponent(id)),
    remoteAddress: randomAddress(),
    headers: { "content-type": "application/json", ...headers },
    ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: JSON.stringify(payload) }),
  });

describe("malformed requests never get a 500", () => {
  it("answers every route's malformed bodies, ids and headers with a 4xx", async () => {
    const failures: string[] = [];
    for (const route of ROUTES) {
      for (const [index, body] of BODIES.entries()) {
        const id = IDS[index % IDS.length] ?? "";
        const headers = HEADERS[index % HEADERS.length] ?? {};
        const response = await call(route, id, body, headers);
        // The outbox takes no body: for it only the absence of a 500 counts.
        const refused = response.statusCode >= 400 || route.path === "/v1/dev/outbox";
        if (response.statusCode >= 500 || !refused) {
          failures.push(
            `${route.method} ${route.path} #${index}: ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers random JSON to every POST route below 500", async () => {
    const posts = ROUTES.filter((route) => route.method === "POST");
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...posts), fc.json(), fc.constantFrom(...IDS), async (route, json, id) => {
        const response = await t.app.inject({
          method: "POST",
          url: route.path.replace(":id", encodeURIComponent(id)),
          remoteAddress: randomAddress(),
          headers: { "content-type": "application/json" },
          payload: json,
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it("answers malformed outbox queries with 422", async () => {
    for (const query of ["limit=abc", "limit=0", "limit=1e9", "to=", "unknown=1", `to=${"x".repeat(400)}`]) {
      const response = await t.app.inject({ method: "GET", url: `/v1/dev/outbox?${query}` });
      expect(response.statusCode, query).toBe(422);
    }
  });

  it("answers malformed JSON and a wrong content type with 400", async () => {
    for (const route of ROUTES.filter((r) => r.method === "POST")) {
      const url = route.path.replace(":id", randomUUID());
      const broken = await t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json" },
        payload: "{",
      });
      expect(broken.statusCode).toBe(400);
      const text = await t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "text/plain" },
        payload: "code=1",
      });
      expect(text.statusCode).toBe(400);
    }
  });
});
