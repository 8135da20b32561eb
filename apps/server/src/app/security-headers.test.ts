import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { isErrorCode } from "@kort/core";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCardsTestApp } from "../modules/cards/testing/cards-scene.ts";
import { createFundingScene, REVEAL_BODY, restFor } from "../modules/funding-sources/testing/funding-scene.ts";
import { createScene } from "../platform/http/testing/fixtures.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

/** Issue 9, points 5 and 6: security headers and Cache-Control on every answer, framework errors in our envelope. */
let dev: TestApp;
let production: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "kort-web-dist-"));
  await mkdir(path.join(dist, "assets"));
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>Kort</title><div id=root></div>");
  await writeFile(path.join(dist, "assets", "app-abc123.js"), "console.log('kort')");
  [dev, production] = await Promise.all([
    createTestApp({ webDistDir: dist }),
    createTestApp({ webDistDir: dist, env: { KORT_ENV: "production" } }),
  ]);
});
afterAll(async () => {
  await Promise.all([dev?.close(), production?.close()]);
  await rm(dist, { recursive: true, force: true });
});

type Headers = LightMyRequestResponse["headers"];

/** What every answer carries, page or API: a policy that frames nothing, nosniff, the referrer policy. */
const expectCommonHeaders = (headers: Headers, label: string) => {
  expect(String(headers["content-security-policy"]), label).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"], label).toBe("DENY");
  expect(headers["cross-origin-resource-policy"], label).toBe("same-origin");
  expect(headers["x-powered-by"], label).toBeUndefined();
};

/** A page's (and a dashboard file's): the dashboard's policy, and helmet's headers for documents. */
const expectPageHeaders = (headers: Headers, label: string) => {
  expectCommonHeaders(headers, label);
  const csp = String(headers["content-security-policy"]);
  expect(csp, label).toContain("default-src 'self'");
  expect(csp, label).toContain("script-src 'self';");
  expect(csp, label).toContain("object-src 'none'");
  expect(csp, label).toContain("base-uri 'self'");
  expect(csp, label).toContain("form-action 'self'");
  expect(headers["cross-origin-opener-policy"], label).toBe("same-origin");
};

/** A JSON answer's: it loads nothing, so its policy allows nothing. */
const expectApiHeaders = (headers: Headers, label: string) => {
  expectCommonHeaders(headers, label);
  expect(headers["content-security-policy"], label).toBe(
    "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
  expect(headers["cross-origin-opener-policy"], label).toBeUndefined();
};

/** An error answer in our envelope (REST `error` or GraphQL `errors[].extensions`), with a known code. */
const errorCode = (response: LightMyRequestResponse): string | undefined => {
  const body = response.json<{ error?: { code?: string }; errors?: { extensions?: { code?: string } }[] }>();
  return body.error?.code ?? body.errors?.[0]?.extensions?.code;
};

describe("security headers", () => {
  it("are on a page, an asset, an API error, a GraphQL answer and a signed-in REST answer", async () => {
    const scene = await createScene(dev.db);
    const signedIn = { ...scene.auth, "x-project-id": scene.own.id };
    const answers: [string, LightMyRequestResponse, string | RegExp][] = [
      ["page", await dev.app.inject({ url: "/cards", headers: { accept: "text/html" } }), "no-cache"],
      ["asset", await dev.app.inject({ url: "/assets/app-abc123.js" }), /immutable/],
      ["missing asset", await dev.app.inject({ url: "/assets/gone.js" }), "no-store"],
      ["API error", await dev.app.inject({ url: "/v1/nothing-here" }), "no-store"],
      ["public API", await dev.app.inject({ url: "/v1/version" }), "no-store"],
      ["healthz", await dev.app.inject({ url: "/healthz" }), "no-store"],
      [
        "GraphQL",
        await dev.app.inject({
          method: "POST",
          url: "/graphql",
          headers: signedIn,
          payload: { query: "{ me { id } }" },
        }),
        "no-store",
      ],
      ["signed-in REST", await dev.app.inject({ url: "/v1/projects/current", headers: signedIn }), "no-store"],
      // Credentials make even a page uncacheable: a shared cache must not key on them.
      [
        "page with credentials",
        await dev.app.inject({ url: "/cards", headers: { accept: "text/html", ...scene.auth } }),
        "no-store",
      ],
    ];
    const pages = new Set(["page", "asset", "missing asset", "page with credentials"]);
    for (const [label, response, cacheControl] of answers) {
      expect(response.statusCode, label).toBeLessThan(500);
      if (pages.has(label)) expectPageHeaders(response.headers, label);
      else expectApiHeaders(response.headers, label);
      expect(String(response.headers["cache-control"]), label).toMatch(cacheControl);
      expect(response.headers["strict-transport-security"], label).toBeUndefined();
    }
  });

  it("adds HSTS everywhere and upgrade-insecure-requests to pages in production only", async () => {
    for (const url of ["/cards", "/v1/version", "/v1/nothing-here"]) {
      const response = await production.app.inject({ url, headers: { accept: "text/html" } });
      if (url === "/cards") expectPageHeaders(response.headers, url);
      else expectApiHeaders(response.headers, url);
      expect(response.headers["strict-transport-security"], url).toBe("max-age=31536000; includeSubDomains");
    }
    const page = await production.app.inject({ url: "/cards", headers: { accept: "text/html" } });
    expect(String(page.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
  });

  it("lets GraphiQL load from its CDN in development only", async () => {
    const page = await dev.app.inject({ url: "/graphql", headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers["content-security-policy"])).toContain("https://unpkg.com");
    expect(page.headers["cache-control"]).toBe("no-store");
    const refused = await production.app.inject({ url: "/graphql", headers: { accept: "text/html" } });
    expect(refused.body).not.toContain("unpkg");
    expect(String(refused.headers["content-security-policy"])).not.toContain("unpkg");
    expect(refused.statusCode).toBe(400);
    expect(errorCode(refused)).toBe("BAD_REQUEST");
  });

  it("keeps a revealed card number and CVC out of every cache", async () => {
    const { t, key } = await createCardsTestApp();
    try {
      const scene = await createFundingScene(t, key);
      const rest = restFor(t);
      const created = await rest(scene.callers.owner, "POST", "/v1/funding_sources", {
        card_type: "EMPLOYEE_EXPENSE",
        cardholder_id: scene.user.id,
        description: "Ferðakort",
        team_id: scene.teams.mine.id,
        limits: [{ sum_amount: 80_000, period: "MONTHLY" }],
      });
      const cardId = created.json<{ id: string }>().id;
      const revealed = await rest(scene.callers.holder, "POST", `/v1/funding_sources/${cardId}/sensitive`, REVEAL_BODY);
      expect(revealed.statusCode, revealed.body).toBe(200);
      expect(revealed.json<{ pan: string }>().pan).toMatch(/^\d{16}$/);
      expect(revealed.headers["cache-control"]).toBe("no-store");
      expectApiHeaders(revealed.headers, "reveal");
    } finally {
      await t.close();
    }
  });
});

describe("framework errors", () => {
  const longId = "a".repeat(3000);

  it("answers a 3,000-character id on a /v1 route with 414 URI_TOO_LONG in our envelope", async () => {
    const scene = await createScene(dev.db);
    for (const t of [dev, production]) {
      const response = await t.app.inject({ url: `/v1/funding_sources/${longId}`, headers: scene.auth });
      expect(response.statusCode).toBe(414);
      expect(response.json()).toEqual({ error: { code: "URI_TOO_LONG", message: expect.any(String) } });
      expect(response.body).not.toContain(longId);
      expectApiHeaders(response.headers, "414");
      expect(response.headers["cache-control"]).toBe("no-store");
    }
  });

  it("answers a 3,000-character id in a GraphQL variable with a code", async () => {
    const scene = await createScene(dev.db);
    const response = await dev.app.inject({
      method: "POST",
      url: "/graphql",
      headers: { ...scene.auth, "x-project-id": scene.own.id },
      payload: { query: "query ($id: ID!) { card(id: $id) { id } }", variables: { id: longId } },
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(isErrorCode(errorCode(response))).toBe(true);
    expect(response.body).not.toContain(longId);
  });

  it.each([
    ["a URL that does not decode", { url: "/v1/funding_sources/%E0%A4%A" }, 400],
    ["an unknown route", { url: "/v1/nothing" }, 404],
    ["an unknown method", { method: "PROPFIND" as const, url: "/v1/version" }, 404],
    [
      "malformed JSON",
      { method: "POST" as const, url: "/v1/tokens", headers: { "content-type": "application/json" }, payload: "{" },
      400,
    ],
    [
      "a wrong content type",
      { method: "POST" as const, url: "/v1/tokens", headers: { "content-type": "text/plain" }, payload: "x" },
      400,
    ],
    [
      "an unknown content type",
      { method: "POST" as const, url: "/graphql", headers: { "content-type": "application/xml" }, payload: "<q/>" },
      400,
    ],
    [
      "a body over 1 MB",
      {
        method: "POST" as const,
        url: "/v1/tokens",
        headers: { "content-type": "application/json" },
        payload: `{"a":"${"x".repeat(1_100_000)}"}`,
      },
      400,
    ],
  ])("answers %s with a coded error", async (_name, request, status) => {
    for (const t of [dev, production]) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(status);
      expect(isErrorCode(errorCode(response))).toBe(true);
      expectApiHeaders(response.headers, _name);
      expect(response.headers["cache-control"]).toBe("no-store");
    }
  });

  it("gives a refused page URL the page's headers", async () => {
    const response = await dev.app.inject({ url: "/cards/%E0%A4%A", headers: { accept: "text/html" } });
    expect(response.statusCode).toBe(400);
    expectPageHeaders(response.headers, "page URL that does not decode");
  });

  /** What Node's own parser refuses never reaches inject: these go over a real socket. */
  const rawExchange = (port: number, request: string): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      const socket = connect({ host: "127.0.0.1", port });
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString("utf8");
      });
      socket.on("close", () => resolve(answer));
      socket.on("error", reject);
      socket.write(request);
    });

  it("answers headers over 16 KB and a malformed request line in our envelope", async () => {
    const t = await createTestApp();
    try {
      const { port } = new URL(await t.app.listen({ host: "127.0.0.1", port: 0 }));
      const huge = await rawExchange(
        Number(port),
        `GET /v1/version HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      );
      expect(huge).toMatch(/^HTTP\/1\.1 431 /);
      expect(huge).toContain('"code":"HEADERS_TOO_LARGE"');
      expect(huge.toLowerCase()).toContain("x-content-type-options: nosniff");
      expect(huge.toLowerCase()).toContain("content-security-policy: default-src 'none'");
      expect(huge.toLowerCase()).toContain("cache-control: no-store");
      const garbage = await rawExchange(Number(port), "NOT A REQUEST\r\n\r\n");
      expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
      expect(garbage).toContain('"code":"BAD_REQUEST"');
    } finally {
      await t.close();
    }
  });
});
