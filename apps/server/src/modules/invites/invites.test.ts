import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { invites, projectMembers, teamMembers, teams } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/errors.ts";
import { DAY, HOUR, testClock } from "../../platform/http/testing/clock.ts";
import { addMember, createProject } from "../../platform/http/testing/fixtures.ts";
import {
  client,
  createSignInUser,
  type ErrorJson,
  latestMessage,
  type Send,
  startSignIn,
  uniqueEmail,
  uniquePhone,
} from "../auth/testing/auth-fixtures.ts";
import { complete, confirmEmail, fillIn, linkIn } from "../onboarding/testing/sign-up.ts";
import { type CreateInviteInput, createInvite, sendInvitation } from "./invites.service.ts";

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => {
  await t.close();
});

/** A company with an owner and a team. */
const company = async () => {
  const project = await createProject(t.db);
  const owner = await createSignInUser(t.db);
  await addMember(t.db, project.id, owner.id, "project_owner");
  const [team] = await t.db
    .insert(teams)
    .values({ projectId: project.id, name: `Sala ${randomUUID().slice(0, 6)}`, accountCode: "4010" })
    .returning({ id: teams.id, name: teams.name });
  if (!team) throw new Error("no team");
  return { project, owner, team };
};

const invite = (input: Partial<CreateInviteInput> & { projectId: string }, at = clock.now(), ttlMs?: number) =>
  createInvite(t.db, { email: uniqueEmail("bodinn"), role: "user", ...input }, at, ttlMs);

const accept = (send: Send, id: string, token: string) =>
  send({ method: "POST", url: `/v1/invites/${id}/accept`, payload: { token } });

const code = (response: { json: <T>() => T }) => response.json<ErrorJson>().error.code;

const membership = (projectId: string, userId: string) =>
  t.db
    .select()
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));

describe("GET /v1/invites/{id}", () => {
  it("shows company, role, team, inviter, expiry and status", async () => {
    const c = await company();
    const created = await invite({
      projectId: c.project.id,
      role: "team_admin",
      teamId: c.team.id,
      invitedBy: c.owner.id,
    });
    const response = await client(t.app)({ method: "GET", url: `/v1/invites/${created.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: created.id,
      email: created.email,
      company: { id: c.project.id, title: c.project.title },
      role: "team_admin",
      team: { id: c.team.id, name: c.team.name },
      inviter: { full_name: "Jóna Prófdóttir" },
      expires_at: created.expiresAt.toISOString(),
      status: "pending",
    });
  });

  it("says expired for an expired invitation, and not found for a revoked or unknown one", async () => {
    const c = await company();
    const old = await invite({ projectId: c.project.id }, new Date(clock.now().getTime() - 8 * DAY));
    const send = client(t.app);
    expect((await send({ method: "GET", url: `/v1/invites/${old.id}` })).json()).toMatchObject({ status: "expired" });
    const revoked = await invite({ projectId: c.project.id });
    await t.db.update(invites).set({ revokedAt: clock.now() }).where(eq(invites.id, revoked.id));
    for (const id of [revoked.id, randomUUID()]) {
      const response = await send({ method: "GET", url: `/v1/invites/${id}` });
      expect(response.statusCode).toBe(404);
      expect(code(response)).toBe("INVITATION_NOT_FOUND");
    }
  });
});

describe("accepting an invitation", () => {
  it("takes a new person through a 4-step sign-up to the invitation's role, team and limit control", async () => {
    const c = await company();
    const created = await invite({
      projectId: c.project.id,
      role: "team_admin",
      teamId: c.team.id,
      maxMonthlyLimit: 500_000,
      allowIssuingCardsToSelf: false,
      invitedBy: c.owner.id,
    });
    const send = client(t.app);
    const accepted = await accept(send, created.id, created.token);
    expect(accepted.statusCode).toBe(200);
    const body = accepted.json<{ status: string; onboarding_id: string; steps: number }>();
    expect(body).toEqual({ status: "onboarding", onboarding_id: body.onboarding_id, steps: 4 });
    // A second click on the link continues the same sign-up.
    expect((await accept(send, created.id, created.token)).json()).toEqual(body);

    const view = await send({ method: "GET", url: `/v1/onboarding/${body.onboarding_id}` });
    expect(view.json()).toMatchObject({
      steps: 4,
      email: created.email,
      email_verified: true,
      invite: { id: created.id, role: "team_admin", status: "pending" },
    });
    await fillIn(send, t.db, body.onboarding_id, uniquePhone());
    const done = await complete(send, body.onboarding_id);
    expect(done).toMatchObject({ status: "user_created", project_id: c.project.id });

    const me = await send({
      method: "GET",
      url: "/v1/users/current",
      headers: { authorization: `Bearer ${done.token}` },
    });
    const userId = me.json<{ user_id: string }>().user_id;
    expect(await membership(c.project.id, userId)).toEqual([
      expect.objectContaining({ role: "team_admin", maxMonthlyLimit: 500_000, allowIssuingCardsToSelf: false }),
    ]);
    const team = await t.db.select().from(teamMembers).where(eq(teamMembers.userId, userId));
    expect(team).toEqual([expect.objectContaining({ teamId: c.team.id, isAdmin: true })]);
    const [row] = await t.db.select().from(invites).where(eq(invites.id, created.id));
    expect(row?.acceptedAt).toEqual(clock.now());
    expect(row?.acceptedBy).toBe(userId);

    const again = await accept(send, created.id, created.token);
    expect(code(again)).toBe("ALREADY_MEMBER");
  });

  it("makes an existing user a member at once", async () => {
    const c = await company();
    const user = await createSignInUser(t.db);
    const created = await invite({ projectId: c.project.id, email: user.email, role: "accountant" });
    const send = client(t.app);
    const accepted = await accept(send, created.id, created.token);
    expect(accepted.json()).toEqual({ status: "accepted", project_id: c.project.id });
    expect(await membership(c.project.id, user.id)).toEqual([expect.objectContaining({ role: "accountant" })]);
    const again = await accept(send, created.id, created.token);
    expect(again.statusCode).toBe(400);
    expect(code(again)).toBe("ALREADY_MEMBER");
  });

  it("answers INVITATION_EXPIRED for an expired invitation", async () => {
    const c = await company();
    const created = await invite({ projectId: c.project.id }, new Date(clock.now().getTime() - 8 * DAY));
    const response = await accept(client(t.app), created.id, created.token);
    expect(response.statusCode).toBe(400);
    expect(code(response)).toBe("INVITATION_EXPIRED");
  });

  it("answers INVITATION_NOT_FOUND for a wrong token, a revoked invitation and an unknown id", async () => {
    const c = await company();
    const created = await invite({ projectId: c.project.id });
    const send = client(t.app);
    expect(code(await accept(send, created.id, "not-the-token"))).toBe("INVITATION_NOT_FOUND");
    expect(code(await accept(send, randomUUID(), created.token))).toBe("INVITATION_NOT_FOUND");
    await t.db.update(invites).set({ revokedAt: clock.now() }).where(eq(invites.id, created.id));
    const revoked = await accept(send, created.id, created.token);
    expect(revoked.statusCode).toBe(404);
    expect(code(revoked)).toBe("INVITATION_NOT_FOUND");
  });

  it("refuses to complete a sign-up whose invitation expired meanwhile", async () => {
    const c = await company();
    const created = await invite({ projectId: c.project.id }, clock.now(), HOUR);
    const send = client(t.app);
    const { onboarding_id: id } = (await accept(send, created.id, created.token)).json<{ onboarding_id: string }>();
    await fillIn(send, t.db, id, uniquePhone());
    clock.advance(2 * HOUR);
    const late = await send({ method: "POST", url: `/v1/onboarding/${id}/complete` });
    expect(code(late)).toBe("INVITATION_EXPIRED");
  });

  it("signs up an invited person who starts from the e-mail form, with 5 steps", async () => {
    const c = await company();
    const created = await invite({ projectId: c.project.id, role: "user", teamId: c.team.id });
    const send = client(t.app);
    expect(code(await startSignIn(send, created.email))).toBe("SIGN_UP_REQUIRED");
    const started = await send({ method: "POST", url: "/v1/onboarding", payload: { email: created.email } });
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({ status: "created", steps: 5 });
    const { onboardingId } = await confirmEmail(send, t.db, created.email);
    await fillIn(send, t.db, onboardingId, uniquePhone());
    const done = await complete(send, onboardingId);
    expect(done.project_id).toBe(c.project.id);
    const team = await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, c.team.id));
    expect(team).toEqual([expect.objectContaining({ isAdmin: false })]);
  });
});

describe("createInvite and the invitation e-mail", () => {
  it("refuses a second open invitation and a member, but not after an invitation expired", async () => {
    const c = await company();
    const email = uniqueEmail();
    await invite({ projectId: c.project.id, email }, new Date(clock.now().getTime() - 8 * DAY));
    await invite({ projectId: c.project.id, email });
    await expect(invite({ projectId: c.project.id, email })).rejects.toMatchObject({ code: "ALREADY_INVITED" });
    await expect(invite({ projectId: c.project.id, email: c.owner.email })).rejects.toMatchObject({
      code: "ALREADY_MEMBER",
    });
    await expect(invite({ projectId: c.project.id, role: "team_admin" })).rejects.toBeInstanceOf(AppError);
    const other = await company();
    await expect(invite({ projectId: c.project.id, teamId: other.team.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("sends a link to /invites/accept that accepts the invitation", async () => {
    const c = await company();
    const created = await invite({ projectId: c.project.id, invitedBy: c.owner.id });
    await sendInvitation(
      { db: t.db, config: { publicUrl: undefined, demoMode: true } },
      { origin: "http://localhost:3000", locale: "is-IS" },
      created,
    );
    const mail = await latestMessage(t.db, created.email);
    expect(mail.subject).toBe(`Boð í ${c.project.title} á Kort`);
    expect(mail.body).toContain(`Jóna Prófdóttir hefur boðið þér í ${c.project.title} á Kort.`);
    const link = linkIn(mail.body);
    expect(link.pathname).toBe("/invites/accept");
    const accepted = await accept(
      client(t.app),
      link.searchParams.get("invite_id") ?? "",
      link.searchParams.get("token") ?? "",
    );
    expect(accepted.json()).toMatchObject({ status: "onboarding", steps: 4 });
  });
});

describe("the demo invitation", () => {
  it("is made once for invited@demo.is when Demo ehf. exists, with its e-mail in the outbox", async () => {
    const { seedDemo } = await import("../../app/seed/seed.ts");
    const { DEMO_INVITED_EMAIL, seedDemoInvite } = await import("./demo-invite.ts");
    await seedDemo(t.db);
    const options = { baseUrl: "http://localhost:3000", now: clock.now() };
    expect(await seedDemoInvite(t.db, options)).toBe(true);
    expect(await seedDemoInvite(t.db, options)).toBe(false);
    const link = linkIn((await latestMessage(t.db, DEMO_INVITED_EMAIL)).body);
    const accepted = await accept(
      client(t.app),
      link.searchParams.get("invite_id") ?? "",
      link.searchParams.get("token") ?? "",
    );
    expect(accepted.json()).toMatchObject({ status: "onboarding", steps: 4 });
  });
});
