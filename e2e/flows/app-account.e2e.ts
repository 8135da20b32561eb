import { afterEach, describe, expect, inject, it } from "vitest";
import { closeBrowser } from "../support/artifacts.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { demoProjectId } from "../support/db.ts";
import { linkIn, waitForMessage } from "../support/outbox.ts";
import { insertUser, uniqueEmail } from "../support/people.ts";
import { expectPhoneFriendly, PHONE } from "../support/phone.ts";
import { signInAs } from "../support/session.ts";

/**
 * The employee app's account page: the extra addresses an employee's e-mailed receipts may come from, added and
 * verified on the phone with thumb-sized controls; the verification page's way back leads to the app, not to the
 * dashboard's personal settings (which are not theirs).
 */
describe("the employee app's account page", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  it("adds and verifies an extra e-mail address on a phone, and the way back from the link is the app", async () => {
    const employee = await insertUser({ projectId: await demoProjectId(), role: "user" });
    browser = await openBrowser(PHONE);
    const { page } = browser;
    await signInAs(page, employee.email, "en");
    await page.goto(`${inject("baseUrl")}/app/account`);
    const alias = uniqueEmail();
    await page.getByTestId("alias-input").fill(alias);
    await page.getByTestId("alias-add").tap();
    const row = page.locator(`[data-testid="alias"][data-email="${alias}"]`);
    await row.getByTestId("alias-unverified").waitFor();

    await page.goto(linkIn(await waitForMessage(alias)));
    await page.locator('[data-testid="page-alias-verify"][data-state="verified"]').waitFor();
    await page.getByRole("link", { name: "To settings" }).tap();
    await page.waitForURL((url) => url.pathname === "/app/account");
    await row.getByTestId("alias-verified").waitFor();
    expect(await row.getByTestId("alias-make-sign-in").isVisible()).toBe(true);
    await expectPhoneFriendly(page);
  });
});
