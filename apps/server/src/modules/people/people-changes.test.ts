import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { auditLog, projectMembers, teamMembers, users } from "../../platform/db/schema/index.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";
import { cardOf, createPeopleScene, insertCard, personIn } from "./testing/people-scene.ts";

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  t = await createTestApp();
  gql = graphqlFor(t);
});
afterAll(async () => {
  await t.close();
});

const membership = async (projectId: string, userId: string) => {
  const [row] = await t.db
    .select()
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  return row ?? null;
};

const lastAudit = async (objectId: string) => {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.objectId, objectId))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row;
};

const SET_ROLE = "mutation($u: ID!, $r: String!) { set_role(user_id: $u, role_name: $r) { user_id role } }";
const LIMITS = `mutation($u: ID!, $m: Int, $s: Boolean!) {
  set_user_limit_control(user_id: $u, max_monthly_limit: $m, allow_issuing_cards_to_self: $s) {
    limit_control { max_monthly_limit allow_issuing_cards_to_self }
  }
}`;
const REMOVE = `mutation($u: ID!) { remove_user_from_project(user_id: $u) { user_id closed_cards reassigned_cards } }`;
const UNLOCK = "mutation($u: ID!) { unlock_user(user_id: $u) { user_id locked } }";

type Users = { users: { total_count: number; nodes: { user_id: string; full_name: string }[] }; user_count: number };

describe("users", () => {
  it("pages through the members with the count of all, in Icelandic order", async () => {
    const scene = await createPeopleScene(t.db);
    for (const name of ["Þóra Ösp", "Ágúst Berg", "Birna Dís"]) {
      await personIn(t.db, scene.project.id, "user", null, { fullName: name });
    }
    const query =
      "query($p: Int, $l: Int) { users(page: $p, limit: $l) { total_count nodes { user_id full_name } } user_count }";
    const first = await gql<Users>(query, scene.callers.owner.headers, { p: 1, l: 5 });
    const second = await gql<Users>(query, scene.callers.owner.headers, { p: 2, l: 5 });
    expect(first.data?.users.total_count).toBe(7);
    expect(first.data?.user_count).toBe(7);
    expect(first.data?.users.nodes).toHaveLength(5);
    expect(second.data?.users.nodes).toHaveLength(2);
    const names = [...(first.data?.users.nodes ?? []), ...(second.data?.users.nodes ?? [])].map((n) => n.full_name);
    expect(names.indexOf("Ágúst Berg")).toBeLessThan(names.indexOf("Birna Dís"));
    expect(names.at(-1)).toBe("Þóra Ösp");
    const tooMany = await gql<Users>(query, scene.callers.owner.headers, { l: 201 });
    expect(codeOf(tooMany)).toBe("VALIDATION_FAILED");
  });
});

describe("set_role", () => {
  it("changes a member's role, with an audit row, and makes a team admin admin of their teams", async () => {
    const scene = await createPeopleScene(t.db);
    const target = await personIn(t.db, scene.project.id, "user", scene.teams.b);
    const body = await gql(SET_ROLE, scene.callers.owner.headers, { u: target.id, r: "team_admin" });
    expect(body.data).toEqual({ set_role: { user_id: target.id, role: "team_admin" } });
    const [team] = await t.db.select().from(teamMembers).where(eq(teamMembers.userId, target.id));
    expect(team?.isAdmin).toBe(true);
    expect(await lastAudit(target.id)).toMatchObject({
      action: "user.set_role",
      projectId: scene.project.id,
      actorUserId: scene.callers.owner.id,
      data: { from: "user", to: "team_admin" },
    });
    await gql(SET_ROLE, scene.callers.owner.headers, { u: target.id, r: "accountant" });
    const [after] = await t.db.select().from(teamMembers).where(eq(teamMembers.userId, target.id));
    expect(after?.isAdmin).toBe(false);
  });

  it("refuses roles that are not a member's, and the lack of rights", async () => {
    const scene = await createPeopleScene(t.db);
    const target = scene.callers.user;
    for (const role of ["platform_owner", "empty_role", "boss"]) {
      expect(codeOf(await gql(SET_ROLE, scene.callers.owner.headers, { u: target.id, r: role }))).toBe(
        "VALIDATION_FAILED",
      );
    }
    const denied = await gql(SET_ROLE, scene.callers.accountant.headers, { u: target.id, r: "accountant" });
    expect(codeOf(denied)).toBe("ACCESS_DENIED");
    expect((await membership(scene.project.id, target.id))?.role).toBe("user");
  });

  it("never demotes the last project owner, but one of two may step down", async () => {
    const scene = await createPeopleScene(t.db);
    const owner = scene.callers.owner;
    const alone = await gql(SET_ROLE, owner.headers, { u: owner.id, r: "accountant" });
    expect(codeOf(alone)).toBe("LAST_PROJECT_OWNER");
    const second = await personIn(t.db, scene.project.id, "project_owner", null);
    const stepDown = await gql(SET_ROLE, owner.headers, { u: owner.id, r: "accountant" });
    expect(codeOf(stepDown)).toBeUndefined();
    expect((await membership(scene.project.id, owner.id))?.role).toBe("accountant");
    expect(codeOf(await gql(SET_ROLE, second.headers, { u: second.id, r: "user" }))).toBe("LAST_PROJECT_OWNER");
  });
});

describe("set_user_limit_control", () => {
  it("sets and clears the monthly maximum and the self-issuing flag", async () => {
    const scene = await createPeopleScene(t.db);
    const target = scene.callers.teamAdmin;
    const set = await gql(LIMITS, scene.callers.owner.headers, { u: target.id, m: 250_000, s: false });
    expect(set.data).toEqual({
      set_user_limit_control: { limit_control: { max_monthly_limit: 250_000, allow_issuing_cards_to_self: false } },
    });
    expect((await lastAudit(target.id))?.action).toBe("user.set_limit_control");
    const cleared = await gql(LIMITS, scene.callers.owner.headers, { u: target.id, s: true });
    expect(cleared.data).toEqual({
      set_user_limit_control: { limit_control: { max_monthly_limit: null, allow_issuing_cards_to_self: true } },
    });
    expect(codeOf(await gql(LIMITS, scene.callers.owner.headers, { u: target.id, m: -1, s: true }))).toBe(
      "VALIDATION_FAILED",
    );
  });
});

describe("remove_user_from_project", () => {
  it("closes employee cards, gives business cards to the remover and ends memberships, in one go", async () => {
    const scene = await createPeopleScene(t.db);
    const owner = scene.callers.owner;
    const leaving = await personIn(t.db, scene.project.id, "team_admin", scene.teams.b);
    await addElsewhere(scene.other.id, leaving.id);
    const card = (type: "BUSINESS_EXPENSE" | "EMPLOYEE_EXPENSE", closed = false, projectId = scene.project.id) =>
      insertCard(t.db, { projectId, holderId: leaving.id, type, closed });
    const employee = await card("EMPLOYEE_EXPENSE");
    const business = await card("BUSINESS_EXPENSE");
    const oldEmployee = await card("EMPLOYEE_EXPENSE", true);
    const oldBusiness = await card("BUSINESS_EXPENSE", true);
    const elsewhere = await card("EMPLOYEE_EXPENSE", false, scene.other.id);
    const oldClosedAt = (await cardOf(t.db, oldEmployee)).closedAt;

    const body = await gql(REMOVE, owner.headers, { u: leaving.id });
    expect(body.data).toEqual({
      remove_user_from_project: { user_id: leaving.id, closed_cards: 1, reassigned_cards: 1 },
    });
    expect(await cardOf(t.db, employee)).toMatchObject({ status: "CLOSED", cardholderId: leaving.id });
    expect((await cardOf(t.db, employee)).closedAt).toBeInstanceOf(Date);
    expect(await cardOf(t.db, business)).toMatchObject({ status: "ACTIVE", cardholderId: owner.id });
    expect(await cardOf(t.db, oldEmployee)).toMatchObject({ closedAt: oldClosedAt, cardholderId: leaving.id });
    expect((await cardOf(t.db, oldBusiness)).cardholderId).toBe(leaving.id);
    expect(await cardOf(t.db, elsewhere)).toMatchObject({ status: "ACTIVE", closedAt: null });

    expect(await membership(scene.project.id, leaving.id)).toBeNull();
    expect(await membership(scene.other.id, leaving.id)).not.toBeNull();
    const teamRows = await t.db.select().from(teamMembers).where(eq(teamMembers.userId, leaving.id));
    expect(teamRows.map((row) => row.projectId)).toEqual([scene.other.id]);
    expect(await lastAudit(leaving.id)).toMatchObject({
      action: "user.remove_from_project",
      actorUserId: owner.id,
      data: { role: "team_admin", closed_card_ids: [employee], reassigned_card_ids: [business] },
    });
    expect((await lastAudit(business))?.action).toBe("card.change_cardholder");
    expect((await lastAudit(employee))?.action).toBe("card.close");

    const after = await gql("{ users { total_count } }", leaving.headers);
    expect(codeOf(after)).toBe("PROJECT_NOT_FOUND");
  });

  it("refuses removing oneself and removing someone twice", async () => {
    const scene = await createPeopleScene(t.db);
    const owner = scene.callers.owner;
    expect(codeOf(await gql(REMOVE, owner.headers, { u: owner.id }))).toBe("CANNOT_REMOVE_SELF");
    const target = scene.callers.user;
    expect(codeOf(await gql(REMOVE, owner.headers, { u: target.id }))).toBeUndefined();
    expect(codeOf(await gql(REMOVE, owner.headers, { u: target.id }))).toBe("NOT_FOUND");
  });
});

describe("unlock_user", () => {
  it("lifts a permanent lock, with an audit row on the project", async () => {
    const scene = await createPeopleScene(t.db);
    const target = await personIn(t.db, scene.project.id, "user", null);
    await t.db.update(users).set({ lockedPermanently: true, tempLockCount: 3 }).where(eq(users.id, target.id));
    const listed = await gql<{ users: { nodes: { user_id: string; locked: boolean }[] } }>(
      "{ users { nodes { user_id locked } } }",
      scene.callers.owner.headers,
    );
    expect(listed.data?.users.nodes.find((n) => n.user_id === target.id)?.locked).toBe(true);
    const body = await gql(UNLOCK, scene.callers.owner.headers, { u: target.id });
    expect(body.data).toEqual({ unlock_user: { user_id: target.id, locked: false } });
    expect(await lastAudit(target.id)).toMatchObject({
      action: "auth.user.unlocked",
      projectId: scene.project.id,
      actorUserId: scene.callers.owner.id,
    });
  });
});

const addElsewhere = async (projectId: string, userId: string) => {
  await t.db.insert(projectMembers).values({ projectId, userId, role: "user" });
  const [team] = await t.db.select().from(teamMembers).where(eq(teamMembers.projectId, projectId)).limit(1);
  if (team) await t.db.insert(teamMembers).values({ projectId, teamId: team.teamId, userId });
};
