import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { closeBrowser } from "../support/artifacts.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { countRenewals, plantSession, setServerExpiry, storedToken } from "../support/tokens.ts";

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** Sessions in the browser (docs/auth.md): renewal on its own, shared, and what happens when it fails. */
describe("sessions", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  const open = async () => {
    browser = await openBrowser();
    return browser.page;
  };
  const tokenChangedFrom = (page: BrowserSession["page"], old: string) =>
    vi.waitFor(
      async () => {
        const now = await storedToken(page);
        if (!now || now === old) throw new Error("Not renewed yet");
        return now;
      },
      { timeout: 15_000, interval: 100 },
    );

  it("renews a token in its last five minutes once, however many calls need it", async () => {
    const page = await open();
    const soon = minutesFromNow(3);
    const old = await plantSession(page, "owner@demo.is", { server: soon, browser: soon });
    const renewals = countRenewals(page);
    await page.goto(`${inject("baseUrl")}/cards`);
    await page.getByTestId("shell").waitFor();
    await tokenChangedFrom(page, old);
    expect(renewals()).toBe(1);
  });

  it("renews and retries when the server refuses a token the browser thought alive", async () => {
    const page = await open();
    const old = await plantSession(page, "accountant@demo.is", {
      server: minutesFromNow(-1),
      browser: minutesFromNow(60),
    });
    const renewals = countRenewals(page);
    await page.goto(`${inject("baseUrl")}/expenses`);
    await page.getByTestId("shell").waitFor();
    await page.getByTestId("user-menu").getByText("accountant@demo.is").waitFor();
    await tokenChangedFrom(page, old);
    expect(renewals()).toBe(1);
  });

  it("sends an expired but renewable session from /auth back to the page asked for", async () => {
    const page = await open();
    const hourAgo = minutesFromNow(-60);
    const old = await plantSession(page, "owner@demo.is", { server: hourAgo, browser: hourAgo });
    const visited: string[] = [];
    page.on("framenavigated", (frame) => visited.push(new URL(frame.url()).pathname));
    await page.goto(`${inject("baseUrl")}/teams`);
    await page.getByTestId("shell").waitFor();
    expect(new URL(page.url()).pathname).toBe("/teams");
    expect(visited).toContain("/auth");
    await tokenChangedFrom(page, old);
  });

  it("forgets a session that can no longer be renewed and goes to sign-in", async () => {
    const page = await open();
    const token = await plantSession(page, "owner@demo.is", {
      server: minutesFromNow(60),
      browser: minutesFromNow(60),
    });
    // Expired more than 12 hours ago on the server: past renewing.
    await setServerExpiry(token, minutesFromNow(-13 * 60));
    await page.goto(`${inject("baseUrl")}/teams`);
    await page.waitForURL((url) => url.pathname === "/auth");
    await page.getByTestId("auth-step-email").waitFor();
    expect(await storedToken(page)).toBeNull();
  });
});
