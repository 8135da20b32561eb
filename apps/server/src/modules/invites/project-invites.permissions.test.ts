import { randomUUID } from "node:crypto";
import { isPossiblyAllowed, type PolicyActionOf } from "@kort/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { invites } from "../../platform/db/schema/index.ts";
import {
  CALLER_ROLES,
  createPeopleScene,
  insertInvite,
  type PeopleScene,
  type Person,
  placeFor,
  policyAllows,
} from "../people/testing/people-scene.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";

/**
 * Spec 6 over GraphQL for invitations: each of the five roles, with an invitation to their team, to another
 * team, to no team and to another company, gets exactly what evaluatePolicy says (user invite to send and
 * revoke, user read to list), with the invitation as the object: its project and team, no user yet.
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

const PLACES = ["myTeam", "otherTeam", "noTeam", "otherProject"] as const;
type Place = (typeof PLACES)[number];

/** The project and team of an invitation placed as said, seen from the caller. */
const placeOf = (scene: PeopleScene, caller: Person, place: Place) => {
  if (place === "noTeam") return { projectId: caller.projectId, teamId: null };
  const kind = place === "myTeam" ? "teammate" : place;
  const team = placeFor(scene, caller, kind);
  return { projectId: team.projectId, teamId: team.id };
};

const objectOf = (where: { projectId: string; teamId: string | null }) => ({
  project_id: where.projectId,
  team_id: where.teamId,
  user_id: null,
});

const refusalCode = (caller: Person, action: PolicyActionOf<"user">, projectId: string) =>
  isPossiblyAllowed(caller.role, "user", action) && projectId !== caller.projectId ? "NOT_FOUND" : "ACCESS_DENIED";

const email = () => `bod-${randomUUID()}@fyrirtaeki.is`;

const SEND = `mutation($e: String!, $t: ID) { send_project_invite(email: $e, role_name: "user", team_id: $t) }`;

describe("send_project_invite", () => {
  it.each(CALLER_ROLES)("answers %s as the policy does, for each team", async (role) => {
    const scene = await createPeopleScene(t.db);
    const caller = scene.callers[role];
    for (const place of PLACES) {
      const where = placeOf(scene, caller, place);
      const to = email();
      const body = await gql(SEND, caller.headers, { e: to, t: where.teamId });
      const stored = await t.db.select().from(invites).where(eq(invites.email, to));
      if (policyAllows(caller, "invite", objectOf(where))) {
        expect(codeOf(body), place).toBeUndefined();
        expect(
          stored.map((row) => [row.projectId, row.teamId]),
          place,
        ).toEqual([[where.projectId, where.teamId]]);
      } else {
        const expected = place === "otherProject" ? refusalCode(caller, "invite", where.projectId) : "ACCESS_DENIED";
        expect(codeOf(body), place).toBe(expected);
        expect(stored, place).toEqual([]);
      }
    }
  });
});

describe("revoke_invite", () => {
  it.each(CALLER_ROLES)("answers %s as the policy does, for each invitation", async (role) => {
    const scene = await createPeopleScene(t.db);
    const caller = scene.callers[role];
    for (const place of PLACES) {
      const where = placeOf(scene, caller, place);
      const id = await insertInvite(t.db, where.projectId, where.teamId, email());
      const body = await gql("mutation($id: ID!) { revoke_invite(id: $id) }", caller.headers, { id });
      const [row] = await t.db.select().from(invites).where(eq(invites.id, id));
      const allowed = policyAllows(caller, "invite", objectOf(where));
      if (allowed) {
        expect(codeOf(body), place).toBeUndefined();
      } else {
        const possibly = isPossiblyAllowed(caller.role, "user", "invite");
        const expected = possibly && where.projectId !== caller.projectId ? "INVITATION_NOT_FOUND" : "ACCESS_DENIED";
        expect(codeOf(body), place).toBe(expected);
      }
      expect(row?.revokedAt instanceof Date, place).toBe(allowed);
    }
  });
});

describe("pending_project_invites", () => {
  it.each(CALLER_ROLES)("lists for %s exactly the invitations the policy lets them read", async (role) => {
    const scene = await createPeopleScene(t.db);
    const caller = scene.callers[role];
    const placed = new Map<Place, string>();
    for (const place of PLACES) {
      const where = placeOf(scene, caller, place);
      placed.set(place, await insertInvite(t.db, where.projectId, where.teamId, email()));
    }
    const body = await gql<{ pending_project_invites: { id: string }[] }>(
      "{ pending_project_invites { id } }",
      caller.headers,
    );
    const listed = new Set(body.data?.pending_project_invites.map((invite) => invite.id));
    for (const place of PLACES) {
      const expected = policyAllows(caller, "read", objectOf(placeOf(scene, caller, place)));
      expect(listed.has(placed.get(place) ?? ""), place).toBe(expected);
    }
    expect(listed.size).toBe(
      PLACES.filter((p) => policyAllows(caller, "read", objectOf(placeOf(scene, caller, p)))).length,
    );
  });
});
