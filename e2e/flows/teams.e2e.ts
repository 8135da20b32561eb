import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { demoProjectId, query } from "../support/db.ts";
import { signInAs } from "../support/session.ts";

const openTeams = async (page: Page, email: string, projectId: string) => {
  await signInAs(page, email, "is");
  await page.evaluate((id) => localStorage.setItem("kort.project", id), projectId);
  await page.goto(`${inject("baseUrl")}/teams`);
  await page.getByTestId("teams-page").waitFor();
};

const rowOf = (page: Page, name: string) => page.locator(`[data-testid="team-row"][data-team-name="${name}"]`);

/** Chooses a person in the members multi-select by typing part of their name. */
const pickMember = async (page: Page, fullName: string) => {
  await page.getByTestId("team-members-select").click();
  await page.getByTestId("team-members-select").fill(fullName.split(" ")[0] ?? fullName);
  await page.getByRole("option", { name: fullName }).click();
};

describe("teams", () => {
  let browser: BrowserSession | undefined;
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  it("lets the owner create a team with members and a budget, and lists it with 0 kr. used", async () => {
    browser = await openBrowser();
    const { page } = browser;
    await openTeams(page, "owner@demo.is", await demoProjectId());
    const name = `Markaðsteymi ${randomUUID().slice(0, 8)}`;

    await page.getByTestId("create-team-button").click();
    const form = page.getByTestId("create-team-form");
    await form.waitFor();
    await expect(page.getByTestId("create-team-submit").isDisabled()).resolves.toBe(true);
    await page.getByTestId("team-name-input").fill(name);
    await page.getByTestId("team-account-code-input").fill("4050");
    await page.getByTestId("team-account-code-name-input").fill("Markaðsdeild");
    await pickMember(page, "Sigurður Ólafsson");
    await pickMember(page, "Jón Guðmundsson");
    await page.getByTestId("team-budget-input").fill("500000");
    await page.getByTestId("create-team-submit").click();

    await page.getByText(`Teymið ${name} var stofnað`).waitFor();
    await form.waitFor({ state: "hidden" });
    const row = rowOf(page, name);
    await row.waitFor();
    await row.getByTestId("team-member-count").getByText("2", { exact: true }).waitFor();
    await row.getByTestId("team-budget").getByText("500.000 kr.", { exact: true }).waitFor();
    await row.getByTestId("budget-usage").getByText("0 kr. af 500.000 kr.", { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("kort.onboarding.team"))).toBe("created");

    // The team's page names the team in the header, not its id, with a back control.
    await row.getByTestId("team-link").click();
    await page.getByTestId("page-subtitle").filter({ hasText: name }).waitFor();
    const teamId = new URL(page.url()).pathname.split("/").pop() ?? "";
    expect(await page.getByTestId("page-title").textContent()).not.toContain(teamId);
    await page.getByTestId("team-members").getByText("Sigurður Ólafsson").waitFor();
    await page.getByTestId("back").click();
    await rowOf(page, name).waitFor();
  });

  it("lets the owner edit a team's budget, members and name, then delete it", async () => {
    browser = await openBrowser();
    const { page } = browser;
    const projectId = await demoProjectId();
    const name = `Innkaup ${randomUUID().slice(0, 8)}`;
    const [team] = await query<{ id: string }>(
      "insert into teams (project_id, name, account_code, monthly_budget) values ($1, $2, '4300', 300000) returning id",
      [projectId, name],
    );
    await openTeams(page, "owner@demo.is", projectId);
    await page.goto(`${inject("baseUrl")}/teams/${team?.id}`);
    await page.getByTestId("page-subtitle").filter({ hasText: name }).waitFor();

    // The budget editor saves only a change; emptied, the team has no budget.
    await page.getByTestId("edit-budget-button").click();
    const save = page.getByTestId("budget-editor-save");
    await page.getByTestId("budget-editor-input").waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.getByTestId("budget-editor-input").fill("");
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await page.getByText("Fjárhagsáætlun uppfærð").waitFor();
    await page.getByTestId("team-budget-value").getByText("Engin fjárhagsáætlun").waitFor();

    // A member is added from the company's people.
    await page.getByTestId("add-member-button").click();
    await page.getByRole("option", { name: /Guðrún Sigurðardóttir/ }).click();
    await page.getByTestId("team-members").getByText("Guðrún Sigurðardóttir").waitFor();

    // Renaming renames the header too.
    const renamed = `${name} og vörustjórnun`;
    await page.getByTestId("rename-input").fill(renamed);
    await page.getByTestId("save-details").click();
    await page.getByTestId("page-subtitle").filter({ hasText: renamed }).waitFor();

    // Deleting asks first, then returns to the list without the team.
    await page.getByTestId("delete-team-button").click();
    await page.getByTestId("delete-team-confirm").click();
    await page.waitForURL((url) => url.pathname === "/teams");
    await page.getByTestId("teams-table").waitFor();
    expect(await rowOf(page, renamed).count()).toBe(0);
  });

  it("shows a team admin only their own teams, and no create button", async () => {
    browser = await openBrowser();
    const { page } = browser;
    const projectId = await demoProjectId();
    // A team the team admin is not in, made for this test.
    const notTheirs = `Fjármál ${randomUUID().slice(0, 8)}`;
    await query("insert into teams (project_id, name, account_code) values ($1, $2, '4900')", [projectId, notTheirs]);
    const own = await query<{ name: string }>(
      `select t.name from teams t
         join team_members m on m.team_id = t.id
         join users u on u.id = m.user_id
       where u.email = 'teamadmin@demo.is' and t.project_id = $1 and t.deleted_at is null`,
      [projectId],
    );
    expect(own.length).toBeGreaterThan(0);

    await openTeams(page, "teamadmin@demo.is", projectId);
    await page.getByTestId("teams-table").waitFor();
    for (const { name } of own) await rowOf(page, name).waitFor();
    const shown = await page
      .getByTestId("team-row")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-team-name")));
    expect(shown.sort()).toEqual(own.map((team) => team.name).sort());
    expect(shown).not.toContain(notTheirs);
    expect(await page.getByTestId("create-team-button").count()).toBe(0);
  });
});
