import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { addMember, createProject, createScene, createToken, createUser } from "./testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type GraphQLBody = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; path?: string[]; extensions?: { code?: string } }[];
};

const gql = async (query: string, headers: Record<string, string> = {}, variables?: Record<string, unknown>) => {
  const response = await t.app.inject({ method: "POST", url: "/graphql", headers, payload: { query, variables } });
  expect(response.statusCode).toBeLessThan(500);
  return { status: response.statusCode, body: response.json<GraphQLBody>(), text: response.body };
};

const codes = (body: GraphQLBody) => body.errors?.map((error) => error.extensions?.code);

describe("POST /graphql", () => {
  it("answers introspection without a session", async () => {
    const { status, body } = await gql("{ __schema { queryType { name } types { name } } }");
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data).toMatchObject({ __schema: { queryType: { name: "Query" } } });
  });

  it("gives malformed JSON a 400 with MALFORMED_BODY", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/graphql",
      headers: { "content-type": "application/json" },
      payload: '{"query": "{ me { id } }"',
    });
    expect(response.statusCode).toBe(400);
    expect(codes(response.json<GraphQLBody>())).toEqual(["MALFORMED_BODY"]);
  });

  it.each([
    ["an empty object", "{}"],
    ["null", "null"],
    ["an empty array", "[]"],
  ])("gives %s as the body a 400 with BAD_REQUEST", async (_name, payload) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/graphql",
      headers: { "content-type": "application/json" },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(codes(response.json<GraphQLBody>())).toEqual(["BAD_REQUEST"]);
  });

  it("gives an unknown field BAD_REQUEST", async () => {
    const { body } = await gql("{ no_such_field }");
    expect(codes(body)).toEqual(["BAD_REQUEST"]);
  });

  it("answers an unknown /graphql path with a JSON 404", async () => {
    const response = await t.app.inject({ method: "GET", url: "/graphql/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(codes(response.json<GraphQLBody>())).toEqual(["ROUTE_NOT_FOUND"]);
  });
});

describe("me", () => {
  it("is UNAUTHENTICATED without a session", async () => {
    const { body } = await gql("{ me { user_id } }");
    expect(body.data).toEqual({ me: null });
    expect(codes(body)).toEqual(["UNAUTHENTICATED"]);
    expect(body.errors?.[0]?.path).toEqual(["me"]);
  });

  it("is UNAUTHENTICATED with an unknown, unapproved or expired token", async () => {
    const user = await createUser(t.db);
    const unapproved = await createToken(t.db, user.id, { status: "created" });
    const expired = await createToken(t.db, user.id, { expiresAt: new Date(Date.now() - 1000) });
    for (const token of ["not-a-real-token", unapproved, expired]) {
      const { body } = await gql("{ me { user_id } }", { authorization: `Bearer ${token}` });
      expect(codes(body)).toEqual(["UNAUTHENTICATED"]);
    }
  });

  it("answers the signed-in user", async () => {
    const scene = await createScene(t.db);
    const { body } = await gql(
      "{ me { id user_id full_name preferred_name email created_at image { id url thumbnail_url } } }",
      scene.auth,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      me: {
        id: scene.user.id,
        user_id: scene.user.id,
        full_name: "Anna Jónsdóttir",
        preferred_name: null,
        email: scene.user.email,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        image: null,
      },
    });
  });
});

describe("projects and current_role", () => {
  it("lists only the caller's projects", async () => {
    const scene = await createScene(t.db);
    const { body, text } = await gql("{ projects { id title host enabled } }", scene.auth);
    expect(body.data).toEqual({ projects: [{ id: scene.own.id, title: scene.own.title, host: null, enabled: true }] });
    expect(text).not.toContain(scene.other.id);
  });

  it("lists projects in Icelandic alphabetical order, so the web app's default is the first a person would expect", async () => {
    const scene = await createScene(t.db);
    const suffix = scene.own.id.slice(0, 6);
    // Byte order (C collation) puts capitals before small letters and Ö before Þ; Icelandic does neither.
    const titles = ["Ráðgjöf", "ehf.", "Ölgerð", "Þjónusta"].map((word) => `Próf ${suffix} ${word}`);
    for (const title of titles) {
      const project = await createProject(t.db, { title });
      await addMember(t.db, project.id, scene.user.id, "project_owner");
    }
    const { body } = await gql("{ projects { title } }", scene.auth);
    const projects = (body.data?.projects ?? []) as { title: string }[];
    const listed = projects.map((project) => project.title);
    expect(listed.filter((title) => title.includes(suffix))).toEqual(
      ["ehf.", "Ráðgjöf", "Þjónusta", "Ölgerð"].map((word) => `Próf ${suffix} ${word}`),
    );
  });

  it("keeps answering projects when X-Project-Id names a project the caller left", async () => {
    const scene = await createScene(t.db);
    const { body } = await gql("{ projects { id } }", { ...scene.auth, "x-project-id": scene.other.id });
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ projects: [{ id: scene.own.id }] });
  });

  it("answers the caller's role in the X-Project-Id project", async () => {
    const scene = await createScene(t.db);
    const { body } = await gql("{ current_role { name project_id } }", { ...scene.auth, "x-project-id": scene.own.id });
    expect(body.data).toEqual({ current_role: { name: "project_owner", project_id: scene.own.id } });
  });

  it("gives another company's project PROJECT_NOT_FOUND and none of its data", async () => {
    const scene = await createScene(t.db);
    const viaHeader = await gql("{ current_role { name project_id } }", {
      ...scene.auth,
      "x-project-id": scene.other.id,
    });
    const viaArgument = await gql("query ($id: ID) { current_role(project_id: $id) { name } }", scene.auth, {
      id: scene.other.id,
    });
    for (const { body, text } of [viaHeader, viaArgument]) {
      expect(body.data).toEqual({ current_role: null });
      expect(codes(body)).toEqual(["PROJECT_NOT_FOUND"]);
      expect(text).not.toContain(scene.other.title);
    }
  });

  it("refuses an X-Project-Id that is not a UUID with a 400", async () => {
    const scene = await createScene(t.db);
    const response = await t.app.inject({
      method: "POST",
      url: "/graphql",
      headers: { ...scene.auth, "x-project-id": "1 or 1=1" },
      payload: { query: "{ current_role { name } }" },
    });
    expect(response.statusCode).toBe(400);
    expect(codes(response.json<GraphQLBody>())).toEqual(["BAD_REQUEST"]);
  });
});
