import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { inviteLinks, invites, onboardings } from "../../platform/db/schema/index.ts";
import { runMigrationFile } from "../../platform/db/testing/migration-file.ts";
import { driverError } from "../../platform/errors.ts";
import { testClock } from "../../platform/http/testing/clock.ts";
import { createProject } from "../../platform/http/testing/fixtures.ts";
import { client, type ErrorJson, type Send, uniqueEmail } from "../auth/testing/auth-fixtures.ts";
import { createInvite } from "./invites.service.ts";

/**
 * The invitation directory (invite_links, migration 0038): whose invitation an id is. A link and a sign-up in
 * progress name an invitation by id alone and find its company there (docs/scaling.md, blocker 2).
 */
const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => {
  await t.close();
});

const invitation = async () => {
  const project = await createProject(t.db);
  return createInvite(t.db, { projectId: project.id, email: uniqueEmail("bodinn"), role: "user" }, clock.now());
};

const accept = (send: Send, id: string, token: string) =>
  send({ method: "POST", url: `/v1/invites/${id}/accept`, payload: { token } });

const linkOf = (id: string) => t.db.select().from(inviteLinks).where(eq(inviteLinks.inviteId, id));

describe("the invitation directory", () => {
  it("holds every invitation's company, and a link finds its invitation through it", async () => {
    const created = await invitation();
    expect(await linkOf(created.id)).toEqual([{ inviteId: created.id, projectId: created.projectId }]);

    // Without its entry the link's invitation is not found: the acceptance reads the directory, not the invitations.
    const send = client(t.app);
    await t.db.delete(inviteLinks).where(eq(inviteLinks.inviteId, created.id));
    const refused = await accept(send, created.id, created.token);
    expect(refused.json<ErrorJson>().error.code).toBe("INVITATION_NOT_FOUND");
    await t.db.insert(inviteLinks).values({ inviteId: created.id, projectId: created.projectId });
    const accepted = await accept(send, created.id, created.token);
    expect(accepted.json()).toMatchObject({ status: "onboarding", steps: 4 });
  });

  it("nulls a sign-up's reference when its invitation goes, and keeps an invitation's id and company", async () => {
    const created = await invitation();
    const accepted = await accept(client(t.app), created.id, created.token);
    const { onboarding_id } = accepted.json<{ onboarding_id: string }>();
    const ofInvite = and(eq(invites.projectId, created.projectId), eq(invites.id, created.id));

    const moving = await t.db
      .update(invites)
      .set({ projectId: (await createProject(t.db)).id })
      .where(ofInvite)
      .then(
        () => null,
        (error: unknown) => driverError(error, "23000")?.message,
      );
    expect(moving).toBe("an invitation keeps its id and company");

    await t.db.delete(invites).where(ofInvite);
    expect(await linkOf(created.id)).toEqual([]);
    const [onboarding] = await t.db
      .select({ inviteId: onboardings.inviteId })
      .from(onboardings)
      .where(eq(onboardings.id, onboarding_id));
    expect(onboarding).toEqual({ inviteId: null });
  });

  it("is copied from the invitations made before it, whose sign-ups keep their reference", async () => {
    // The database as the release before left it: invitations keyed by id, sign-ups referring to them, no directory.
    const before = await invitation();
    const accepted = await accept(client(t.app), before.id, before.token);
    const { onboarding_id } = accepted.json<{ onboarding_id: string }>();
    await t.db.execute(sql`
      alter table onboardings drop constraint onboardings_invite_id_invite_links_invite_id_fk;
      drop table invite_links;
      drop function kort_keep_invite_links cascade;
      drop function kort_invite_key_unchanged cascade;
      alter table invites drop constraint invites_pkey, add constraint invites_pkey primary key (id);
      alter table onboardings add constraint onboardings_invite_id_invites_id_fk
        foreign key (invite_id) references invites (id) on delete set null`);
    await runMigrationFile(t.db, "0038_invite_links");

    const after = await invitation();
    const { rows } = await t.db.$client.query<{ missing: number; stray: number }>(
      `select
         (select count(*)::int from (select id, project_id from invites
            except select invite_id, project_id from invite_links) m) as missing,
         (select count(*)::int from (select invite_id, project_id from invite_links
            except select id, project_id from invites) s) as stray`,
    );
    expect(rows[0]).toEqual({ missing: 0, stray: 0 });
    expect(await linkOf(before.id)).toEqual([{ inviteId: before.id, projectId: before.projectId }]);
    expect(await linkOf(after.id)).toEqual([{ inviteId: after.id, projectId: after.projectId }]);
    const [onboarding] = await t.db
      .select({ inviteId: onboardings.inviteId })
      .from(onboardings)
      .where(eq(onboardings.id, onboarding_id));
    expect(onboarding).toEqual({ inviteId: before.id });
  });
});
