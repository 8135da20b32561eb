import { afterEach, describe, it } from "vitest";
import { DEMO_USERS } from "../../apps/server/src/app/seed/seed-data.ts";
import { closeBrowser } from "../support/artifacts.ts";
import { enterEmail, openIn } from "../support/auth-ui.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";

/** The demo's outbox page: where a person trying the demo reads their sign-in code. */
describe("dev outbox page", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  it("is linked from sign-in and shows the code sent, filtered by recipient", async () => {
    browser = await openBrowser();
    const { page, context } = browser;
    await openIn(page, "/auth", "is");
    const owner = DEMO_USERS.owner;
    const code = await enterEmail(page, owner.email, owner.phone);

    const opened = context.waitForEvent("page");
    await page.getByTestId("demo-outbox-link").getByText("Sjá skilaboð (prufuhamur)").click();
    const outbox = await opened;
    await outbox.waitForURL((url) => url.pathname === "/dev/outbox");
    await outbox.getByText("Skilaboð (prufuhamur)").first().waitFor();

    await outbox.getByTestId("outbox-filter").fill(owner.phone);
    await outbox.waitForURL((url) => url.searchParams.get("to") === owner.phone);
    // Once the filter applies, every row is to the owner's phone, the newest first.
    await outbox.waitForFunction((phone) => {
      const rows = Array.from(document.querySelectorAll('[data-testid="outbox-message"]'));
      return rows.length > 0 && rows.every((row) => row.getAttribute("data-to") === phone);
    }, owner.phone);
    await outbox.getByTestId("outbox-message").first().getByText(code).waitFor();

    // A new code appears after a refresh.
    await page.getByTestId("auth-start-over").click();
    const second = await enterEmail(page, owner.email, owner.phone);
    await outbox.getByTestId("outbox-refresh").click();
    await outbox.getByTestId("outbox-message").first().getByText(second).waitFor();
  });

  it("switches to English with the rest of the app", async () => {
    browser = await openBrowser();
    await openIn(browser.page, "/dev/outbox", "en");
    await browser.page.getByText("Messages (demo mode)").first().waitFor();
    await browser.page.getByTestId("outbox-refresh").getByText("Refresh").waitFor();
  });
});
