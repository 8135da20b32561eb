import { afterEach, describe, expect, inject, it } from "vitest";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { demoProjectId, query, withDb } from "../support/db.ts";
import { insertUser } from "../support/people.ts";
import { signInAs } from "../support/session.ts";

/**
 * The bell in the header (issue 16): a team budget alert shows with its unread badge; a click marks it read and
 * opens the team.
 */
describe("notifications", () => {
  let browser: BrowserSession | undefined;
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  for (const [locale, text] of [
    ["is", "Teymið Sala e2e hefur notað 80% af mánaðarlegri fjárhagsáætlun: 80.000 kr. af 100.000 kr."],
    ["en", "Team Sala e2e has used 80% of its monthly budget: 80.000 kr. of 100.000 kr."],
  ] as const) {
    it(`shows a notification in the bell, marks it read and opens its team (${locale})`, async () => {
      const projectId = await demoProjectId();
      const user = await insertUser({ projectId, role: "project_owner" });
      const [team] = await query<{ id: string }>("select id from teams where project_id = $1 and name = 'Sala'", [
        projectId,
      ]);
      await withDb((client) =>
        client.query(
          `insert into notifications (project_id, user_id, kind, payload) values ($1, $2, 'team.budget_alert', $3)`,
          [
            projectId,
            user.id,
            JSON.stringify({
              team_id: team?.id,
              team_name: "Sala e2e",
              level: 80,
              spent: 80_000,
              budget: 100_000,
            }),
          ],
        ),
      );
      browser = await openBrowser();
      const page = browser.page;
      await signInAs(page, user.email, locale);
      await page.goto(`${inject("baseUrl")}/cards`);

      const badge = page.getByTestId("notification-count").locator(".mantine-Indicator-indicator");
      await badge.getByText("1", { exact: true }).waitFor();
      await page.getByTestId("notification-bell").click();
      const row = page.getByTestId("notification-list").getByTestId("notification");
      await row.getByText(text).waitFor();
      expect(await row.getAttribute("data-unread")).toBe("true");

      await row.click();
      await page.waitForURL((url) => url.pathname === `/teams/${team?.id}`);
      await badge.waitFor({ state: "detached" });
      await page.getByTestId("notification-bell").click();
      await page.locator('[data-testid="notification"][data-unread="false"]').getByText(text).waitFor();
    });
  }
});
