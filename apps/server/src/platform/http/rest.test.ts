import { randomUUID } from "node:crypto";
import { ERROR_CODES } from "@kort/core";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { addMember, createProject, createScene } from "./testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // A route that fails the way a bug would, to see what a client and the log get.
    beforeReady: (app) =>
      app.get("/v1/test/crash", async () => {
        throw new Error("connection to 10.0.0.5 refused at /srv/kort/repo.ts:12");
      }),
  });
});
afterAll(async () => {
  await t.close();
});

type ErrorJson = { error: { code: string; message: string; details?: unknown } };

const request = async (options: InjectOptions) => {
  const response = await t.app.inject(options);
  expect(response.statusCode).toBeLessThan(500);
  return response;
};

describe("errors", () => {
  it("answers an unknown /v1 route with a JSON 404, even for browsers", async () => {
    for (const accept of ["application/json", "text/html"]) {
      const response = await request({ method: "GET", url: "/v1/no/such/route", headers: { accept } });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toContain("application/json");
      expect(response.json<ErrorJson>().error.code).toBe("ROUTE_NOT_FOUND");
    }
  });

  it("gives malformed JSON to a /v1 PATCH a 400 MALFORMED_BODY, before and without a session", async () => {
    const scene = await createScene(t.db);
    for (const headers of [{}, scene.auth]) {
      const response = await request({
        method: "PATCH",
        url: "/v1/users/current",
        headers: { ...headers, "content-type": "application/json" },
        payload: '{"full_name": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorJson>().error.code).toBe("MALFORMED_BODY");
    }
  });

  it("gives malformed JSON to an unknown /v1 POST a 400, not a 500", async () => {
    const response = await request({
      method: "POST",
      url: "/v1/unknown",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorJson>().error.code).toBe("MALFORMED_BODY");
  });

  it("refuses a wrong content type and an oversized body with 400 BAD_REQUEST", async () => {
    const scene = await createScene(t.db);
    const wrongType = await request({
      method: "PATCH",
      url: "/v1/users/current",
      headers: { ...scene.auth, "content-type": "text/plain" },
      payload: "full_name=Anna",
    });
    const oversized = await request({
      method: "PATCH",
      url: "/v1/users/current",
      headers: scene.auth,
      payload: { full_name: "x".repeat(1_100_000) },
    });
    for (const response of [wrongType, oversized]) {
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorJson>().error.code).toBe("BAD_REQUEST");
    }
  });

  it("turns invalid input into 422 VALIDATION_FAILED with field issues", async () => {
    const scene = await createScene(t.db);
    const response = await request({
      method: "PATCH",
      url: "/v1/users/current",
      headers: scene.auth,
      payload: { full_name: "", passcode_hash: "x" },
    });
    expect(response.statusCode).toBe(422);
    const { error } = response.json<ErrorJson>();
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.details).toEqual({
      issues: expect.arrayContaining([
        expect.objectContaining({ path: "full_name", code: "too_small" }),
        expect.objectContaining({ code: "unrecognized_keys" }),
      ]),
    });
  });

  it("masks an unexpected failure as 500 INTERNAL, with the details only in the log", async () => {
    const response = await t.app.inject({ method: "GET", url: "/v1/test/crash" });
    expect(response.statusCode).toBe(500);
    expect(response.json<ErrorJson>().error.code).toBe("INTERNAL");
    expect(response.body).not.toContain("10.0.0.5");
    expect(response.body).not.toContain("repo.ts");
    await vi.waitFor(() => expect(JSON.stringify(t.logs)).toContain("10.0.0.5"));
  });

  it("uses only codes from @kort/core", async () => {
    const response = await request({ method: "GET", url: "/v1/users/current" });
    expect(ERROR_CODES).toContain(response.json<ErrorJson>().error.code);
  });
});

describe("GET /v1/users/current", () => {
  it("is 401 UNAUTHENTICATED without a session", async () => {
    const response = await request({ method: "GET", url: "/v1/users/current" });
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorJson>().error.code).toBe("UNAUTHENTICATED");
  });

  it("answers the user with the whitelisted fields only", async () => {
    const scene = await createScene(t.db);
    const response = await request({ method: "GET", url: "/v1/users/current", headers: scene.auth });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json<Record<string, unknown>>()).sort()).toEqual(
      ["created_at", "email", "full_name", "id", "image", "preferred_name", "user_id"].sort(),
    );
    expect(response.json()).toMatchObject({ user_id: scene.user.id, full_name: "Anna Jónsdóttir" });
  });
});

describe("PATCH /v1/users/current with Idempotency-Key", () => {
  it("replays the first answer for the same key and refuses the key for another body", async () => {
    const scene = await createScene(t.db);
    const key = randomUUID();
    const send = (preferred_name: string) =>
      request({
        method: "PATCH",
        url: "/v1/users/current",
        headers: { ...scene.auth, "idempotency-key": key },
        payload: { preferred_name },
      });
    const first = await send("Anna");
    const second = await send("Anna");
    expect(first.statusCode).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(second.statusCode).toBe(200);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.json()).toEqual(first.json());

    const reused = await send("Bob");
    expect(reused.statusCode).toBe(400);
    expect(reused.json<ErrorJson>().error.code).toBe("CONFLICT");
  });

  it("answers concurrent duplicates with the first request's answer", async () => {
    const scene = await createScene(t.db);
    const key = randomUUID();
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        request({
          method: "PATCH",
          url: "/v1/users/current",
          headers: { ...scene.auth, "idempotency-key": key },
          payload: { preferred_name: "Sama" },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(responses.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(2);
  });

  it("refuses a key that is too long", async () => {
    const scene = await createScene(t.db);
    const response = await request({
      method: "PATCH",
      url: "/v1/users/current",
      headers: { ...scene.auth, "idempotency-key": "k".repeat(256) },
      payload: { preferred_name: "Anna" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorJson>().error.code).toBe("BAD_REQUEST");
  });
});

describe("projects", () => {
  it("lists only the caller's projects", async () => {
    const scene = await createScene(t.db);
    const response = await request({ method: "GET", url: "/v1/projects", headers: scene.auth });
    expect(response.json()).toEqual([
      {
        id: scene.own.id,
        title: scene.own.title,
        host: null,
        preferences: {},
        enabled: true,
        approval_status: "approved",
      },
    ]);
  });

  it("answers the current project with the caller's role", async () => {
    const scene = await createScene(t.db);
    const response = await request({
      method: "GET",
      url: "/v1/projects/current",
      headers: { ...scene.auth, "x-project-id": scene.own.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: scene.own.id,
      role: { name: "project_owner", project_id: scene.own.id },
    });
  });

  it("gives another company's project 404 PROJECT_NOT_FOUND and none of its data", async () => {
    const scene = await createScene(t.db);
    const response = await request({
      method: "GET",
      url: "/v1/projects/current",
      headers: { ...scene.auth, "x-project-id": scene.other.id },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorJson>().error.code).toBe("PROJECT_NOT_FOUND");
    expect(response.body).not.toContain(scene.other.title);
    expect(response.body).not.toContain(scene.other.id);
  });

  it("answers a project that does not exist exactly like another company's", async () => {
    const scene = await createScene(t.db);
    const send = (projectId: string) =>
      request({ method: "GET", url: "/v1/projects/current", headers: { ...scene.auth, "x-project-id": projectId } });
    const missing = await send(randomUUID());
    const foreign = await send(scene.other.id);
    expect(missing.statusCode).toBe(foreign.statusCode);
    expect(missing.body).toBe(foreign.body);
  });

  it("lists a disabled project but does not let it be the current one", async () => {
    const scene = await createScene(t.db);
    const disabled = await createProject(t.db, { enabled: false });
    await addMember(t.db, disabled.id, scene.user.id, "accountant");
    const list = await request({ method: "GET", url: "/v1/projects", headers: scene.auth });
    expect(list.json<{ id: string; enabled: boolean }[]>()).toContainEqual(
      expect.objectContaining({ id: disabled.id, enabled: false }),
    );
    const current = await request({
      method: "GET",
      url: "/v1/projects/current",
      headers: { ...scene.auth, "x-project-id": disabled.id },
    });
    expect(current.statusCode).toBe(404);
    expect(current.json<ErrorJson>().error.code).toBe("PROJECT_NOT_FOUND");
  });

  it("needs X-Project-Id, as a UUID", async () => {
    const scene = await createScene(t.db);
    const absent = await request({ method: "GET", url: "/v1/projects/current", headers: scene.auth });
    const malformed = await request({
      method: "GET",
      url: "/v1/projects/current",
      headers: { ...scene.auth, "x-project-id": "not-a-uuid" },
    });
    for (const response of [absent, malformed]) {
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorJson>().error.code).toBe("BAD_REQUEST");
    }
  });
});

describe("version and docs", () => {
  it("answers the version and environment", async () => {
    const response = await request({ method: "GET", url: "/v1/version" });
    expect(response.json()).toEqual({ version: "0.34.1", environment: "test" });
  });

  it("publishes an OpenAPI document that lists every /v1 route", async () => {
    const response = await request({ method: "GET", url: "/v1/docs" });
    const doc = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths["/v1/users/current"] ?? {}).sort()).toEqual(["get", "patch"]);
    expect(doc.paths["/v1/projects"]).toHaveProperty("get");
    expect(doc.paths["/v1/projects/current"]).toHaveProperty("get");
    expect(doc.paths["/v1/version"]).toHaveProperty("get");
    expect(doc.paths["/v1/docs"]).toHaveProperty("get");
  });

  it("publishes every JSON body's fields, those its service parses after the policy too", async () => {
    const response = await request({ method: "GET", url: "/v1/docs" });
    type Operation = { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } };
    const doc = response.json<{ paths: Record<string, Record<string, Operation>> }>();
    const shapeless = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => {
        const schema = operation.requestBody?.content["application/json"]?.schema;
        const shaped = (s: Record<string, unknown> | undefined): boolean =>
          !!s &&
          ("properties" in s || ((s.anyOf ?? s.oneOf) as Record<string, unknown>[] | undefined)?.some(shaped) === true);
        return schema && !shaped(schema) ? [`${method} ${path}`] : [];
      }),
    );
    expect(shapeless).toEqual([]);
    const pin = doc.paths["/v1/funding_sources/{id}/pin/set"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(Object.keys(pin?.properties ?? {}).sort()).toEqual(["passcode", "pin"]);
  });
});
