import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { auditLog, invites } from "../../platform/db/schema/index.ts";
import { latestMessage } from "../auth/testing/auth-fixtures.ts";
import { linkIn } from "../onboarding/testing/sign-up.ts";
import { createPeopleScene, insertInvite } from "../people/testing/people-scene.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  t = await createTestApp();
  gql = graphqlFor(t);
});
afterAll(async () => {
  await t.close();
});

const SEND = `mutation($e: String!, $r: String!, $t: ID, $s: InviteSettingsInput) {
  send_project_invite(email: $e, role_name: $r, team_id: $t, settings: $s)
}`;
const PENDING = "{ pending_project_invites { id email role team { id name } created_at expires_at } }";
const REVOKE = "mutation($id: ID!) { revoke_invite(id: $id) }";

type Sent = { send_project_invite: string };
type Pending = { pending_project_invites: { id: string; email: string; role: string; team: { id: string } | null }[] };

const email = () => `bod-${randomUUID()}@fyrirtaeki.is`;
const inviteRow = async (id: string) => {
  const [row] = await t.db.select().from(invites).where(eq(invites.id, id));
  return row;
};

describe("send_project_invite", () => {
  it("invites a team admin with a team and limit control, and e-mails a link that works", async () => {
    const scene = await createPeopleScene(t.db);
    const to = email();
    const body = await gql<Sent>(SEND, scene.callers.owner.headers, {
      e: to.toUpperCase(),
      r: "team_admin",
      t: scene.teams.b.id,
      s: { limit_control: { max_monthly_limit: 300_000, allow_issuing_cards_to_self: false } },
    });
    const id = body.data?.send_project_invite ?? "";
    expect(await inviteRow(id)).toMatchObject({
      email: to,
      role: "team_admin",
      teamId: scene.teams.b.id,
      maxMonthlyLimit: 300_000,
      allowIssuingCardsToSelf: false,
      invitedBy: scene.callers.owner.id,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, id))
      .orderBy(desc(auditLog.createdAt));
    expect(audit).toMatchObject({ action: "invite.sent", projectId: scene.project.id });

    const link = linkIn((await latestMessage(t.db, to)).body);
    expect(link.pathname).toBe("/invites/accept");
    expect(link.searchParams.get("invite_id")).toBe(id);
    const accepted = await t.app.inject({
      method: "POST",
      url: `/v1/invites/${id}/accept`,
      payload: { token: link.searchParams.get("token") },
    });
    expect(accepted.json()).toMatchObject({ status: "onboarding", steps: 4 });
  });

  it("refuses an e-mail of a member or of an open invitation as already invited", async () => {
    const scene = await createPeopleScene(t.db);
    const to = email();
    expect(codeOf(await gql(SEND, scene.callers.owner.headers, { e: to, r: "user" }))).toBeUndefined();
    expect(codeOf(await gql(SEND, scene.callers.owner.headers, { e: to, r: "accountant" }))).toBe("ALREADY_INVITED");

    const taken = await gql(SEND, scene.callers.owner.headers, { e: scene.callers.user.email, r: "user" });
    expect(codeOf(taken)).toBe("ALREADY_INVITED");
    expect(taken.errors?.[0]?.extensions?.details).toEqual({ reason: "member" });
  });

  it("needs a team for a team admin, a team of the project, a valid e-mail and a role", async () => {
    const scene = await createPeopleScene(t.db);
    const headers = scene.callers.owner.headers;
    expect(codeOf(await gql(SEND, headers, { e: email(), r: "team_admin" }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await gql(SEND, headers, { e: email(), r: "user", t: scene.teams.c.id }))).toBe("NOT_FOUND");
    expect(codeOf(await gql(SEND, headers, { e: "anna@fyrirtaeki", r: "user" }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await gql(SEND, headers, { e: email(), r: "platform_owner" }))).toBe("VALIDATION_FAILED");
    const noTeam = await gql(SEND, headers, { e: email(), r: "team_admin" });
    // VALIDATION_FAILED is the 422 of spec 8; the issue names the missing team.
    expect(noTeam.errors?.[0]?.extensions?.details).toMatchObject({ issues: [{ path: "team_id" }] });
  });

  it("lets only those who may invite send one", async () => {
    const scene = await createPeopleScene(t.db);
    for (const caller of [scene.callers.teamAdmin, scene.callers.accountant, scene.callers.user]) {
      const body = await gql(SEND, caller.headers, { e: email(), r: "user", t: scene.teams.a.id });
      expect(codeOf(body)).toBe("ACCESS_DENIED");
    }
  });
});

describe("pending_project_invites and revoke_invite", () => {
  it("lists open invitations only, newest first, and revoking one ends its link", async () => {
    const scene = await createPeopleScene(t.db);
    const owner = scene.callers.owner.headers;
    const open = await insertInvite(t.db, scene.project.id, scene.teams.a.id, email());
    const expired = await insertInvite(t.db, scene.project.id, null, email());
    await t.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, expired));
    const accepted = await insertInvite(t.db, scene.project.id, null, email());
    await t.db.update(invites).set({ acceptedAt: new Date() }).where(eq(invites.id, accepted));
    await insertInvite(t.db, scene.other.id, null, email());
    const sent = await gql<Sent>(SEND, owner, { e: email(), r: "accountant" });
    const newest = sent.data?.send_project_invite;

    const listed = await gql<Pending>(PENDING, owner);
    expect(listed.data?.pending_project_invites.map((i) => i.id)).toEqual([newest, open]);
    expect(listed.data?.pending_project_invites[1]?.team?.id).toBe(scene.teams.a.id);

    expect(await gql(REVOKE, owner, { id: open })).toMatchObject({ data: { revoke_invite: true } });
    expect((await inviteRow(open))?.revokedAt).toBeInstanceOf(Date);
    const after = await gql<Pending>(PENDING, owner);
    expect(after.data?.pending_project_invites.map((i) => i.id)).toEqual([newest]);
    expect(codeOf(await gql(REVOKE, owner, { id: open }))).toBe("INVITATION_NOT_FOUND");
    expect(codeOf(await gql(REVOKE, owner, { id: accepted }))).toBe("INVITATION_NOT_FOUND");
    expect(codeOf(await gql(REVOKE, owner, { id: "not-a-uuid" }))).toBe("INVITATION_NOT_FOUND");
    const view = await t.app.inject({ method: "GET", url: `/v1/invites/${open}` });
    expect(view.statusCode).toBe(404);
  });

  it("lets an e-mail be invited again once its invitation expired or was revoked", async () => {
    const scene = await createPeopleScene(t.db);
    const to = email();
    const first = await insertInvite(t.db, scene.project.id, null, to);
    await gql(REVOKE, scene.callers.owner.headers, { id: first });
    expect(codeOf(await gql(SEND, scene.callers.owner.headers, { e: to, r: "user" }))).toBeUndefined();
    const expired = email();
    const old = await insertInvite(t.db, scene.project.id, null, expired);
    await t.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, old));
    expect(codeOf(await gql(SEND, scene.callers.owner.headers, { e: expired, r: "user" }))).toBeUndefined();
  });
});
