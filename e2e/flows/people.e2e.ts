import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { useBrowsers } from "../support/browser-pool.ts";
import { projectIdOf, withDb } from "../support/db.ts";
import { linkIn, waitForMessage } from "../support/outbox.ts";
import { randomKennitala, uniqueEmail, uniquePhone } from "../support/people.ts";
import { signInAs } from "../support/session.ts";
import { finishSignUpScreens } from "../support/sign-up-ui.ts";

/** A team of the demo company of this test's own, so no other flow's changes to the seeded teams matter. */
const createTeam = (projectId: string): Promise<{ id: string; name: string }> =>
  withDb(async (client) => {
    const name = `Innkaup ${randomUUID().slice(0, 8)}`;
    const result = await client.query<{ id: string }>(
      "insert into teams (project_id, name, account_code) values ($1, $2, $3) returning id",
      [projectId, name, "4090"],
    );
    const id = result.rows[0]?.id;
    if (!id) throw new Error("The team was not inserted");
    return { id, name };
  });

const openPeople = async (page: Page, email: string, projectId: string) => {
  await signInAs(page, email, "is");
  await page.evaluate((id) => localStorage.setItem("kort.project", id), projectId);
  await page.goto(`${inject("baseUrl")}/people`);
  await page.getByTestId("users-table").waitFor();
};

const menuItems = (page: Page): Promise<string[]> =>
  page
    .locator('[data-testid^="menu-item-"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("data-testid")?.replace("menu-item-", "") ?? ""));

/** Fills the invite panel's second step for a team admin of `team` with a monthly card limit. */
const fillTeamAdminInvite = async (page: Page, email: string, team: string, limit: string) => {
  await page.getByTestId("invite-email").fill(email);
  expect(await page.getByTestId("invite-send").isDisabled()).toBe(true);
  await page.getByTestId("invite-team").click();
  await page.getByRole("option", { name: team }).click();
  await page.getByTestId("invite-max-monthly").fill(limit);
  expect(await page.getByTestId("invite-allow-self").isChecked()).toBe(true);
};

describe("people", () => {
  const open = useBrowsers();

  it("lets the owner invite a team admin, who signs up and sees the menu the matrix allows", async () => {
    const projectId = await projectIdOf("Demo ehf.");
    const team = await createTeam(projectId);
    const invitee = uniqueEmail();

    // The owner invites a team admin with a team and a monthly card limit through the panel.
    const owner = await open();
    await openPeople(owner, "owner@demo.is", projectId);
    await owner.getByTestId("invite-button").click();
    await owner.getByTestId("invite-role-step").waitFor();
    await owner.getByTestId("invite-role-team_admin").click();
    await owner.getByTestId("invite-email").fill(invitee);
    await owner.getByTestId("invite-back").click();
    await owner.getByTestId("invite-role-step").waitFor();
    await owner.getByTestId("invite-role-team_admin").click();
    expect(await owner.getByTestId("invite-chosen-role").textContent()).toBe("Teymisstjóri");
    await fillTeamAdminInvite(owner, invitee, team.name, "250000");
    expect(await owner.getByTestId("invite-max-monthly").inputValue()).toBe("250.000");
    await owner.getByTestId("invite-send").click();
    await owner.getByTestId("toast-success").getByText("Boðið var sent").waitFor();
    await owner.waitForFunction(() => localStorage.getItem("kort.onboarding.members") === "created");
    await owner.getByTestId("people-tab-invites").click();
    await owner.locator(`[data-testid="invite-row"][data-email="${invitee}"]`).waitFor();

    // The same e-mail again is refused.
    await owner.getByTestId("invite-button").click();
    await owner.getByTestId("invite-role-user").click();
    await owner.getByTestId("invite-email").fill(invitee);
    await owner.getByTestId("invite-send").click();
    await owner.getByTestId("toast-error").getByText("Notandanum hefur þegar verið boðið.").waitFor();

    // The invitee opens the link from the outbox and signs up through the screens.
    const link = linkIn(await waitForMessage(invitee));
    const page = await open();
    await page.goto(`${inject("baseUrl")}/404`);
    await page.evaluate(() => localStorage.setItem("kort.locale", "is"));
    await page.goto(link);
    await page.getByTestId("invite-details").getByText("Teymisstjóri").waitFor();
    await page.getByTestId("invite-accept").click();
    await page.waitForURL((url) => url.pathname.startsWith("/auth/signup/fullname/"));
    const person = {
      fullName: "Sigrún Teymisdóttir",
      nin: randomKennitala("person"),
      passcode: "7531",
      phone: uniquePhone(),
    };
    await finishSignUpScreens(page, person, 4);
    // Not about the onboarding checklist (onboarding-checklist.e2e.ts): a new account would have it open by itself.
    await page.evaluate(() => localStorage.setItem("kort.onboarding.completed", "completed"));
    await page.getByTestId("complete-dashboard").click();
    await page.waitForURL((url) => url.pathname === "/expenses");
    await page.getByTestId("side-menu").waitFor();

    // team_admin: transaction, card and team read, user read (team); no category manage, no invoice read, and
    // spec 2 hides Overview from team admins.
    await page.getByTestId("menu-item-teams").waitFor();
    expect(await menuItems(page)).toEqual(["expenses", "cards", "people", "teams"]);
    await page.getByTestId("menu-item-people").click();
    const own = page.locator(`[data-testid="user-row"][data-email="${invitee}"]`);
    await own.getByTestId("user-role").getByText("Teymisstjóri").waitFor();
    await own.getByText(team.name).waitFor();
    expect(await page.getByTestId("invite-button").count()).toBe(0);

    const stored = await withDb((client) =>
      client.query<{ max_monthly_limit: string; allow_issuing_cards_to_self: boolean; is_admin: boolean }>(
        `select pm.max_monthly_limit, pm.allow_issuing_cards_to_self, tm.is_admin
           from project_members pm join users u on u.id = pm.user_id
           join team_members tm on tm.user_id = u.id and tm.team_id = $2
          where u.email = $1 and pm.project_id = $3`,
        [invitee, team.id, projectId],
      ),
    );
    expect(stored.rows).toEqual([{ max_monthly_limit: "250000", allow_issuing_cards_to_self: true, is_admin: true }]);
  });
});
