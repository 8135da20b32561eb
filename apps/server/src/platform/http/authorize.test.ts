import { isPolicyAction, isPolicyResource, type PolicyResult, type RoleName } from "@kort/core";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import type { Db } from "../db/client.ts";
import { projectMembers, teams } from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
import { authorize, callerTeamIds, type PolicySubject, policyFor } from "./authorize.ts";
import { requestContext, requireProject } from "./context.ts";
import { addMember, createProject, createToken, createUser } from "./testing/fixtures.ts";
import { addTeamMember, createTeam } from "./testing/team-fixtures.ts";

const probeBody = z.object({
  resource: z.string(),
  action: z.string(),
  team_id: z.uuid().optional(),
  user_id: z.uuid().optional(),
});

/**
 * The object as a resolver would load it. Deliberately not scoped by the caller's project, so the
 * tests show that the policy itself refuses another company's row (same_project).
 */
const loadObject = async (db: Db, body: z.output<typeof probeBody>): Promise<PolicySubject | undefined> => {
  if (body.team_id) {
    const [team] = await db.select().from(teams).where(eq(teams.id, body.team_id));
    if (!team) throw new AppError("NOT_FOUND", "No such team.");
    return { project_id: team.projectId, team_id: team.id, user_id: body.user_id ?? null };
  }
  if (body.user_id) {
    const [member] = await db.select().from(projectMembers).where(eq(projectMembers.userId, body.user_id));
    if (!member) throw new AppError("NOT_FOUND", "No such member.");
    return { project_id: member.projectId, user_id: member.userId, team_id: null };
  }
  return undefined;
};

/** Test-only routes: /enforce calls authorize like a resolver, /policy answers policyFor like a list query. */
const probe = (enforce: boolean) => async (request: FastifyRequest) => {
  const ctx = requireProject(await requestContext(t.db, request));
  const body = probeBody.parse(request.body);
  const { resource, action } = body;
  if (!isPolicyResource(resource) || !isPolicyAction(resource, action)) {
    throw new AppError("BAD_REQUEST", "Unknown resource or action.");
  }
  const object = await loadObject(t.db, body);
  if (enforce) authorize(ctx, resource, action, object);
  return { policy: policyFor(ctx, resource, action, object), team_ids: callerTeamIds(ctx) };
};

const registerProbes = (app: FastifyInstance) => {
  app.post("/v1/test/enforce", probe(true));
  app.post("/v1/test/policy", probe(false));
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ beforeReady: registerProbes });
});
afterAll(async () => {
  await t.close();
});

/** One company with two live teams and a deleted one, everyone of the five roles, and a second company. */
const createPolicyScene = async (db: Db) => {
  const project = await createProject(db);
  const other = await createProject(db);
  const [mine, theirs, deleted, foreign] = [
    await createTeam(db, project.id),
    await createTeam(db, project.id),
    await createTeam(db, project.id, { deleted: true }),
    await createTeam(db, other.id),
  ];
  const member = async (role: RoleName, teamsOf: { id: string; projectId: string }[], projectId = project.id) => {
    const user = await createUser(db, `${role} ${projectId.slice(0, 4)}`);
    await addMember(db, projectId, user.id, role);
    for (const team of teamsOf) await addTeamMember(db, team, user.id, { isAdmin: role === "team_admin" });
    const token = await createToken(db, user.id);
    return { id: user.id, headers: { authorization: `Bearer ${token}`, "x-project-id": projectId } };
  };
  return {
    project,
    other,
    teams: { mine, theirs, deleted, foreign },
    owner: await member("project_owner", []),
    // A team_members row of another project's team must not leak into this project's team ids.
    teamAdmin: await member("team_admin", [mine, deleted, foreign]),
    accountant: await member("accountant", []),
    user: await member("user", [mine]),
    outsider: await member("user", [theirs]),
    empty: await member("empty_role", [mine]),
    foreigner: await member("user", [foreign], other.id),
  };
};

type Scene = Awaited<ReturnType<typeof createPolicyScene>>;
type Body = z.input<typeof probeBody>;
type Answer = { policy: PolicyResult; team_ids: string[] };

let scene: Scene;
beforeAll(async () => {
  scene = await createPolicyScene(t.db);
});

const send = (path: "enforce" | "policy", headers: Record<string, string>, payload: Body) =>
  t.app.inject({ method: "POST", url: `/v1/test/${path}`, headers, payload });

describe("the caller's team ids", () => {
  it("are the live teams of the requested project only, loaded with the membership", async () => {
    const response = await send("policy", scene.teamAdmin.headers, { resource: "account", action: "balance" });
    expect(response.json<Answer>().team_ids).toEqual([scene.teams.mine.id]);
    const none = await send("policy", scene.owner.headers, { resource: "account", action: "balance" });
    expect(none.json<Answer>().team_ids).toEqual([]);
  });
});

type Case = [string, (s: Scene) => { headers: Record<string, string>; body: Body }, PolicyResult];

const TEAM = ["same_project", "same_team"] as const;
const OWN = ["same_project", "same_user"] as const;
const result = (needed: readonly PolicyResult["needed"][number][], missing: PolicyResult["missing"]) => ({
  allowed: missing.length === 0,
  possibly_allowed: true,
  needed: [...needed],
  missing,
});
const DENIED: PolicyResult = { allowed: false, possibly_allowed: false, needed: [], missing: [] };

const CASES: Case[] = [
  [
    "a team admin creates a card in their team",
    (s) => ({ headers: s.teamAdmin.headers, body: { resource: "card", action: "create", team_id: s.teams.mine.id } }),
    result(TEAM, []),
  ],
  [
    "a team admin creates a card without a team",
    (s) => ({ headers: s.teamAdmin.headers, body: { resource: "card", action: "create", user_id: s.user.id } }),
    result(TEAM, ["same_team"]),
  ],
  [
    "a team admin creates a card in another team",
    (s) => ({ headers: s.teamAdmin.headers, body: { resource: "card", action: "create", team_id: s.teams.theirs.id } }),
    result(TEAM, ["same_team"]),
  ],
  [
    "a team admin creates a card in their deleted team",
    (s) => ({
      headers: s.teamAdmin.headers,
      body: { resource: "card", action: "create", team_id: s.teams.deleted.id },
    }),
    result(TEAM, ["same_team"]),
  ],
  [
    "a team admin creates a card in another company's team they have a row in",
    (s) => ({
      headers: s.teamAdmin.headers,
      body: { resource: "card", action: "create", team_id: s.teams.foreign.id },
    }),
    result(TEAM, ["same_project", "same_team"]),
  ],
  [
    "a team admin reads a member of their team",
    (s) => ({
      headers: s.teamAdmin.headers,
      body: { resource: "user", action: "read", user_id: s.user.id, team_id: s.teams.mine.id },
    }),
    result(TEAM, []),
  ],
  [
    "a team admin reads a member of another team",
    (s) => ({
      headers: s.teamAdmin.headers,
      body: { resource: "user", action: "read", user_id: s.outsider.id, team_id: s.teams.theirs.id },
    }),
    result(TEAM, ["same_team"]),
  ],
  [
    "a team admin manages a team",
    (s) => ({ headers: s.teamAdmin.headers, body: { resource: "team", action: "manage", team_id: s.teams.mine.id } }),
    DENIED,
  ],
  [
    "an owner manages any team of the project",
    (s) => ({ headers: s.owner.headers, body: { resource: "team", action: "manage", team_id: s.teams.theirs.id } }),
    result(["same_project"], []),
  ],
  [
    "an owner manages another company's team",
    (s) => ({ headers: s.owner.headers, body: { resource: "team", action: "manage", team_id: s.teams.foreign.id } }),
    result(["same_project"], ["same_project"]),
  ],
  [
    "an owner reads the account balance",
    (s) => ({ headers: s.owner.headers, body: { resource: "account", action: "balance" } }),
    result(["same_project"], []),
  ],
  [
    "an accountant reads any transaction of the project",
    (s) => ({
      headers: s.accountant.headers,
      body: { resource: "transaction", action: "read", user_id: s.outsider.id, team_id: s.teams.theirs.id },
    }),
    result(["same_project"], []),
  ],
  [
    "an accountant creates a card",
    (s) => ({ headers: s.accountant.headers, body: { resource: "card", action: "create", team_id: s.teams.mine.id } }),
    DENIED,
  ],
  [
    "a user reads their own card",
    (s) => ({ headers: s.user.headers, body: { resource: "card", action: "read", user_id: s.user.id } }),
    result(OWN, []),
  ],
  [
    "a user reads another user's card",
    (s) => ({ headers: s.user.headers, body: { resource: "card", action: "read", user_id: s.outsider.id } }),
    result(OWN, ["same_user"]),
  ],
  [
    "a user reads another company's user's card",
    (s) => ({ headers: s.user.headers, body: { resource: "card", action: "read", user_id: s.foreigner.id } }),
    result(OWN, ["same_project", "same_user"]),
  ],
  [
    "a user reads their team",
    (s) => ({ headers: s.user.headers, body: { resource: "team", action: "read", team_id: s.teams.mine.id } }),
    result(TEAM, []),
  ],
  [
    "an empty role reads the balance",
    (s) => ({ headers: s.empty.headers, body: { resource: "account", action: "balance" } }),
    DENIED,
  ],
  [
    "an empty role reads its own card",
    (s) => ({ headers: s.empty.headers, body: { resource: "card", action: "read", user_id: s.empty.id } }),
    DENIED,
  ],
];

describe("authorize and policyFor", () => {
  it.each(CASES)("%s", async (_name, build, expected) => {
    const { headers, body } = build(scene);
    const policy = await send("policy", headers, body);
    expect(policy.statusCode).toBe(200);
    expect(policy.json<Answer>().policy).toEqual(expected);

    const enforced = await send("enforce", headers, body);
    if (expected.allowed) {
      expect(enforced.statusCode).toBe(200);
      return;
    }
    expect(enforced.statusCode).toBe(403);
    expect(enforced.json()).toEqual({
      error: {
        code: "ACCESS_DENIED",
        message: "Access denied. Please contact your team admin.",
        details: { resource: body.resource, action: body.action },
      },
    });
  });

  it("never gets as far as the policy for a project the caller does not belong to", async () => {
    const headers = { ...scene.user.headers, "x-project-id": scene.other.id };
    const response = await send("enforce", headers, { resource: "card", action: "read", user_id: scene.user.id });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ error: { code: string } }>().error.code).toBe("PROJECT_NOT_FOUND");
  });
});
