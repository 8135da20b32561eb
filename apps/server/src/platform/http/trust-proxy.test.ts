import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";

/**
 * Behind a load balancer every connection comes from the balancer: without KORT_TRUST_PROXY, rate limits by
 * address would count all clients as one. With it, the client's address is read from X-Forwarded-For, but only
 * when the request came through a trusted balancer: anyone else could write that header.
 */

const ipRoute = (app: FastifyInstance): void => {
  app.get("/test/ip", async (request) => ({ ip: request.ip }));
};

const ipOf = async (t: TestApp, remoteAddress: string, forwardedFor?: string): Promise<string> => {
  const response = await t.app.inject({
    method: "GET",
    url: "/test/ip",
    remoteAddress,
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });
  return response.json<{ ip: string }>().ip;
};

describe("KORT_TRUST_PROXY", () => {
  let listed: TestApp;
  let hops: TestApp;
  let none: TestApp;
  beforeAll(async () => {
    listed = await createTestApp({ env: { KORT_TRUST_PROXY: "10.0.0.0/8, 192.0.2.1" }, beforeReady: ipRoute });
    hops = await createTestApp({ env: { KORT_TRUST_PROXY: "1" }, beforeReady: ipRoute });
    none = await createTestApp({ beforeReady: ipRoute });
  });
  afterAll(async () => {
    await Promise.all([listed.close(), hops.close(), none.close()]);
  });

  it("takes the client's address from a listed balancer's X-Forwarded-For, and from no one else's", async () => {
    expect(await ipOf(listed, "10.1.2.3", "198.51.100.7")).toBe("198.51.100.7");
    expect(await ipOf(listed, "192.0.2.1", "198.51.100.8")).toBe("198.51.100.8");
    expect(await ipOf(listed, "203.0.113.9", "198.51.100.7")).toBe("203.0.113.9");
  });

  it("trusts as many hops as it is told, the nearest first", async () => {
    expect(await ipOf(hops, "10.1.2.3", "203.0.113.5, 198.51.100.7")).toBe("198.51.100.7");
  });

  it("believes no X-Forwarded-For when unset", async () => {
    expect(await ipOf(none, "10.1.2.3", "198.51.100.7")).toBe("10.1.2.3");
  });
});
