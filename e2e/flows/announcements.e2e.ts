import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, inject, it } from "vitest";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { demoProjectId, query } from "../support/db.ts";
import { insertUser } from "../support/people.ts";
import { signInAs } from "../support/session.ts";

/**
 * Announcements (issue 16): the platform owner publishes one in the console; a person of a company sees it above the
 * page and acknowledges it, after which it stays gone. The announcement goes to every company, so it is deleted
 * after the test (e2e files run one at a time: no other flow sees it).
 */
describe("announcements", () => {
  let browser: BrowserSession | undefined;
  const title = `e2e ${randomUUID()}`;
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
    await query("delete from announcements where title = $1", [title]);
  });

  it("are published by the platform owner, shown to a person, and acknowledged once", async () => {
    browser = await openBrowser();
    const page = browser.page;
    await signInAs(page, "platform@demo.is", "en");
    await page.goto(`${inject("baseUrl")}/platform`);
    const form = page.getByTestId("publish-announcement");
    await form.getByTestId("announcement-title").fill(title);
    await form.getByTestId("announcement-body").fill("Kort has a new bell for notifications.");
    await form.getByTestId("announcement-publish").click();
    await page.getByTestId("toast-success").getByText("The announcement was published.").waitFor();

    const user = await insertUser({ projectId: await demoProjectId(), role: "project_owner" });
    await signInAs(page, user.email, "en");
    await page.goto(`${inject("baseUrl")}/cards`);
    const banner = page.getByTestId("announcement").filter({ hasText: title });
    await banner.getByText("Kort has a new bell for notifications.").waitFor();
    await banner.getByRole("button", { name: "Got it" }).click();
    await banner.waitFor({ state: "detached" });
    await page.reload();
    await page.getByTestId("page-title").getByText("Cards").waitFor();
    // The open announcements were asked for again after the reload: wait until no request is in flight.
    await page.waitForLoadState("networkidle");
    expect(await page.getByTestId("announcement").filter({ hasText: title }).count()).toBe(0);
    const acks = await query<{ count: number }>(
      "select count(*)::int as count from announcement_acknowledgements k join announcements a on a.id = k.announcement_id where a.title = $1 and k.user_id = $2",
      [title, user.id],
    );
    expect(acks[0]?.count).toBe(1);
  });
});
