import { privilegesFor, ROLE_NAMES, type RoleName } from "@kort/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { addMember, createProject, createToken, createUser } from "../../platform/http/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type GraphQLBody = { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };

const gql = async (query: string, headers: Record<string, string>) => {
  const response = await t.app.inject({ method: "POST", url: "/graphql", headers, payload: { query } });
  return response.json<GraphQLBody>();
};

/** A member of a fresh project with the given role, and the headers they call with. */
const memberWith = async (role: RoleName) => {
  const project = await createProject(t.db);
  const user = await createUser(t.db);
  await addMember(t.db, project.id, user.id, role);
  const token = await createToken(t.db, user.id);
  return { project, headers: { authorization: `Bearer ${token}`, "x-project-id": project.id } };
};

const expectedPrivileges = (role: RoleName) =>
  privilegesFor(role).map((p) => ({ access: p.action, resource: p.resource, scope: p.scope }));

describe("current_role privileges", () => {
  it.each(ROLE_NAMES)("lists the matrix's privileges of %s", async (role) => {
    const { project, headers } = await memberWith(role);
    const body = await gql("{ current_role { name project_id privileges { access resource scope } } }", headers);
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      current_role: { name: role, project_id: project.id, privileges: expectedPrivileges(role) },
    });
  });

  it("gives a team admin per-entry scopes", async () => {
    const { headers } = await memberWith("team_admin");
    const body = await gql("{ current_role { privileges { access resource scope } } }", headers);
    expect(JSON.stringify(body.data)).toContain('{"access":"create","resource":"card","scope":"team"}');
    expect(JSON.stringify(body.data)).toContain('{"access":"balance","resource":"account","scope":"project"}');
  });

  it("comes with the role on GET /v1/projects/current", async () => {
    const { headers } = await memberWith("accountant");
    const response = await t.app.inject({ method: "GET", url: "/v1/projects/current", headers });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ role: { privileges: unknown } }>().role.privileges).toEqual(
      expectedPrivileges("accountant"),
    );
  });
});

describe("available_roles", () => {
  const query = "{ available_roles { user_roles { name } get_available_roles { name } } }";
  const memberRoles = [{ name: "project_owner" }, { name: "user" }, { name: "team_admin" }, { name: "accountant" }];

  it("lets a project owner assign all four member roles", async () => {
    const { headers } = await memberWith("project_owner");
    const body = await gql(query, headers);
    expect(body.data).toEqual({ available_roles: { user_roles: memberRoles, get_available_roles: memberRoles } });
  });

  it.each(["team_admin", "accountant", "user", "platform_owner", "empty_role"] as const)(
    "lets %s assign nothing",
    async (role) => {
      const { headers } = await memberWith(role);
      const body = await gql(query, headers);
      expect(body.data).toEqual({ available_roles: { user_roles: memberRoles, get_available_roles: [] } });
    },
  );

  it("needs a project the caller belongs to", async () => {
    const { headers } = await memberWith("project_owner");
    const elsewhere = await createProject(t.db);
    const foreign = await gql(query, { ...headers, "x-project-id": elsewhere.id });
    expect(foreign.errors?.map((e) => e.extensions?.code)).toEqual(["PROJECT_NOT_FOUND"]);
    const signedOut = await gql(query, { "x-project-id": elsewhere.id });
    expect(signedOut.errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
  });
});
