import { isPossiblyAllowed, type PolicyActionOf } from "@kort/core";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { projectMembers, teamMembers, users } from "../../platform/db/schema/index.ts";
import { codeOf, type GraphQLBody, graphqlFor } from "../teams/teams.fixtures.ts";
import {
  CALLER_ROLES,
  createPeopleScene,
  memberObject,
  type Person,
  policyAllows,
  TARGET_KINDS,
  type TargetKind,
  targetFor,
} from "./testing/people-scene.ts";

/**
 * Spec 6 over GraphQL: each people operation, called by each of the five roles (owner, team admin, accountant,
 * employee, and the owner of another company) on a member of their own, of their team, of another team and of
 * another company, answers exactly what evaluatePolicy says. A change is applied exactly when allowed.
 */

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  t = await createTestApp();
  gql = graphqlFor(t);
});
afterAll(async () => {
  await t.close();
});

const membershipOf = async (person: Person) => {
  const [row] = await t.db
    .select()
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, person.projectId), eq(projectMembers.userId, person.id)));
  return row ?? null;
};

/** A role the member does not hold yet. */
const newRoleFor = (target: Person) => (target.role === "accountant" ? "user" : "accountant");

type MemberOperation = {
  name: string;
  action: PolicyActionOf<"user">;
  query: string;
  variables?: (target: Person) => Record<string, unknown>;
  prepare?: (target: Person) => Promise<void>;
  applied: (target: Person) => Promise<boolean>;
};

const MEMBER_OPERATIONS: readonly MemberOperation[] = [
  {
    name: "set_role",
    action: "manage-role",
    query: "mutation($u: ID!, $r: String!) { set_role(user_id: $u, role_name: $r) { user_id } }",
    variables: (target) => ({ u: target.id, r: newRoleFor(target) }),
    applied: async (target) => (await membershipOf(target))?.role === newRoleFor(target),
  },
  {
    name: "set_user_limit_control",
    action: "set-limit-control",
    query: `mutation($u: ID!) {
      set_user_limit_control(user_id: $u, max_monthly_limit: 12345, allow_issuing_cards_to_self: false) { user_id }
    }`,
    applied: async (target) => (await membershipOf(target))?.maxMonthlyLimit === 12345,
  },
  {
    name: "remove_user_from_project",
    action: "remove",
    query: "mutation($u: ID!) { remove_user_from_project(user_id: $u) { user_id } }",
    applied: async (target) => (await membershipOf(target)) === null,
  },
  {
    name: "unlock_user",
    action: "reapprove",
    query: "mutation($u: ID!) { unlock_user(user_id: $u) { user_id } }",
    prepare: async (target) => {
      await t.db
        .update(users)
        .set({ lockedUntil: new Date(Date.now() + 15 * 60_000) })
        .where(eq(users.id, target.id));
    },
    applied: async (target) => {
      const [row] = await t.db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, target.id));
      return row?.lockedUntil === null;
    },
  },
];

/** Rules that may still refuse an allowed change: the last administrator, and removing oneself. */
const BUSINESS_REFUSALS = ["LAST_PROJECT_OWNER", "CANNOT_REMOVE_SELF"];

/** A refusal's code: a role that may never act is denied outright; another company's member is not found. */
const refusalCode = (caller: Person, action: PolicyActionOf<"user">, target: Person) =>
  isPossiblyAllowed(caller.role, "user", action) && target.projectId !== caller.projectId
    ? "NOT_FOUND"
    : "ACCESS_DENIED";

describe.each(MEMBER_OPERATIONS)("$name", (operation) => {
  it.each(CALLER_ROLES)("answers %s as the policy does, for every target", async (role) => {
    const scene = await createPeopleScene(t.db);
    const caller = scene.callers[role];
    // Others first: the caller acting on themselves may change the caller.
    for (const kind of [...TARGET_KINDS].reverse()) {
      const target = await targetFor(t.db, scene, caller, kind);
      await operation.prepare?.(target);
      const allowed = policyAllows(caller, operation.action, memberObject(target));
      const body = await gql(operation.query, caller.headers, operation.variables?.(target) ?? { u: target.id });
      const code = codeOf(body);
      const where = `${operation.name} by ${role} on ${kind}`;
      if (allowed) {
        expect(code === undefined || BUSINESS_REFUSALS.includes(code), `${where}: ${code}`).toBe(true);
        expect(await operation.applied(target), where).toBe(code === undefined);
      } else {
        expect(code, where).toBe(refusalCode(caller, operation.action, target));
        expect(await operation.applied(target), where).toBe(false);
      }
    }
  });
});

type UserList = { users: { total_count: number; nodes: { user_id: string }[] }; user_count: number };
const LIST = "{ users { total_count nodes { user_id } } user_count }";

/** Every member of the caller's project with their team, as the policy object of each. */
const everyoneIn = async (projectId: string) =>
  t.db
    .select({ id: projectMembers.userId, teamId: teamMembers.teamId })
    .from(projectMembers)
    .leftJoin(
      teamMembers,
      and(eq(teamMembers.userId, projectMembers.userId), eq(teamMembers.projectId, projectMembers.projectId)),
    )
    .where(eq(projectMembers.projectId, projectId));

describe("users and user_count", () => {
  it.each(CALLER_ROLES)("list for %s exactly the members the policy lets them read", async (role) => {
    const scene = await createPeopleScene(t.db);
    const caller = scene.callers[role];
    const targets = new Map<TargetKind, Person>();
    for (const kind of TARGET_KINDS) targets.set(kind, await targetFor(t.db, scene, caller, kind));
    const body = await gql<UserList>(LIST, caller.headers);
    const listed = new Set(body.data?.users.nodes.map((node) => node.user_id));
    for (const [kind, target] of targets) {
      expect(listed.has(target.id), kind).toBe(policyAllows(caller, "read", memberObject(target)));
    }
    const readable = (await everyoneIn(caller.projectId)).filter((member) =>
      policyAllows(caller, "read", { project_id: caller.projectId, user_id: member.id, team_id: member.teamId }),
    );
    expect([...listed].sort()).toEqual(readable.map((member) => member.id).sort());
    expect(body.data?.users.total_count).toBe(readable.length);
    expect(body.data?.user_count).toBe(readable.length);
  });
});

const EVERY_OPERATION: readonly { query: string; variables?: (person: Person) => Record<string, unknown> }[] = [
  { query: LIST },
  { query: "{ pending_project_invites { id } }" },
  ...MEMBER_OPERATIONS.map((operation) => ({
    query: operation.query,
    variables: (p: Person) => operation.variables?.(p) ?? { u: p.id },
  })),
  { query: 'mutation { send_project_invite(email: "nyr@fyrirtaeki.is", role_name: "user") }' },
];

describe("another company's data", () => {
  it("is never answered, whatever X-Project-Id is sent", async () => {
    const scene = await createPeopleScene(t.db);
    const { owner, foreign } = scene.callers;
    const headersFor = (caller: Person, projectId: string | null) => {
      const { "x-project-id": _ignored, ...rest } = caller.headers;
      return projectId ? { ...rest, "x-project-id": projectId } : rest;
    };
    const attempts: { caller: Person; projectId: string | null; code: string }[] = [
      { caller: owner, projectId: scene.other.id, code: "PROJECT_NOT_FOUND" },
      { caller: foreign, projectId: scene.project.id, code: "PROJECT_NOT_FOUND" },
      { caller: owner, projectId: crypto.randomUUID(), code: "PROJECT_NOT_FOUND" },
      { caller: owner, projectId: null, code: "BAD_REQUEST" },
    ];
    for (const operation of EVERY_OPERATION) {
      for (const attempt of attempts) {
        const victim = attempt.caller === owner ? foreign : owner;
        const body: GraphQLBody = await gql(
          operation.query,
          headersFor(attempt.caller, attempt.projectId),
          operation.variables?.(victim),
        );
        expect(codeOf(body), operation.query).toBe(attempt.code);
        expect(body.data ?? null).toBeNull();
      }
    }
    expect(await membershipOf(foreign)).not.toBeNull();
    expect(await membershipOf(owner)).toMatchObject({ role: "project_owner", maxMonthlyLimit: null });
  });
});
