import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { createScene } from "./testing/fixtures.ts";

/** The web app, /healthz and the request log, on an app that has a (tiny) built web app. */
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "kort-web-dist-"));
  await mkdir(path.join(dist, "assets"));
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>Kort</title><div id=root></div>");
  await writeFile(path.join(dist, "assets", "app-abc123.js"), "console.log('kort')");
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe("/healthz", () => {
  it("checks the database and answers the version", async () => {
    const response = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", version: "0.34.1" });
  });
});

describe("web app", () => {
  it("serves index.html for client-side routes a browser navigates to", async () => {
    for (const url of ["/", "/auth", "/cards?status=ACTIVE", "/Version"]) {
      const response = await t.app.inject({ method: "GET", url, headers: { accept: "text/html,*/*;q=0.8" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain("<div id=root>");
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("serves fingerprinted assets with a long cache", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toContain("immutable");
  });

  it("answers a missing asset with a 404, not index.html", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/gone.js", headers: { accept: "*/*" } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: "ROUTE_NOT_FOUND" } });
  });

  it("explains how to build the web app when it is missing", async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({ method: "GET", url: "/cards", headers: { accept: "text/html" } });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain("npm run build");
    } finally {
      await bare.close();
    }
  });
});

describe("request log", () => {
  it("writes one line per request with id, user, project, status and time, and never the token", async () => {
    const scene = await createScene(t.db);
    const response = await t.app.inject({
      method: "GET",
      url: "/v1/projects/current?card=4111111111111111",
      headers: { ...scene.auth, "x-project-id": scene.own.id, "x-request-id": "req-log-test-1" },
    });
    expect(response.headers["x-request-id"]).toBe("req-log-test-1");
    await vi.waitFor(() => expect(t.logs.filter((line) => line.reqId === "req-log-test-1")).toHaveLength(1));
    const line = t.logs.find((entry) => entry.reqId === "req-log-test-1");
    expect(line).toMatchObject({
      msg: "request",
      method: "GET",
      path: "/v1/projects/current",
      status: 200,
      userId: scene.user.id,
      projectId: scene.own.id,
    });
    expect(typeof line?.ms).toBe("number");
    const everything = JSON.stringify(t.logs);
    expect(everything).not.toContain(scene.token);
    expect(everything).not.toContain("4111111111111111");
  });
});
