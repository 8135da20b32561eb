import { eq } from "drizzle-orm";
import { DEMO_PROJECTS } from "../../app/seed/seed-data.ts";
import type { Db } from "../../platform/db/client.ts";
import { projects, teams } from "../../platform/db/schema/index.ts";
import { sendInvitationEmail } from "./invites.messages.ts";
import { findPendingInviteInProject, findUserIdByEmail } from "./invites.repo.ts";
import { createInvite, invitationLink } from "./invites.service.ts";
import { lockInviteEmail } from "./project-invites.repo.ts";

export const DEMO_INVITED_EMAIL = "invited@demo.is";

/**
 * Demo mode: keeps one open invitation to Demo ehf. (role user, team Sala) for invited@demo.is, so a person
 * trying the demo can sign up as an invited employee. Its e-mail is written to the outbox table only (never
 * over SMTP: the address is made up). Nothing happens once invited@demo.is has signed up, or while an
 * invitation is open; so each start after the week runs out makes a fresh one.
 */
export const seedDemoInvite = async (db: Db, options: { baseUrl: string; now: Date }): Promise<boolean> => {
  const demo = DEMO_PROJECTS[0];
  if (!demo) return false;
  const [project] = await db
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(eq(projects.kennitala, demo.kennitala))
    .limit(1);
  if (!project) return false;
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.projectId, project.id)).limit(1);
  // The invitation and its e-mail together or not at all. Servers starting at once on one database take turns on
  // the e-mail's invitation lock (as sending one does), so the second finds the first's invitation and adds none.
  return db.transaction(async (tx) => {
    await lockInviteEmail(tx, project.id, DEMO_INVITED_EMAIL);
    if (await findUserIdByEmail(tx, DEMO_INVITED_EMAIL)) return false;
    if (await findPendingInviteInProject(tx, project.id, DEMO_INVITED_EMAIL, options.now)) return false;
    const invite = await createInvite(
      tx,
      { projectId: project.id, email: DEMO_INVITED_EMAIL, role: "user", teamId: team?.id ?? null },
      options.now,
    );
    await sendInvitationEmail(
      tx,
      "is-IS",
      {
        to: invite.email,
        link: invitationLink(options.baseUrl, invite),
        projectTitle: project.title,
        inviterName: null,
        expiresAt: invite.expiresAt,
      },
      { deliver: false },
    );
    return true;
  });
};
