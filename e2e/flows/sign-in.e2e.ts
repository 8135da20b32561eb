import type { Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { DEMO_PASSCODE, DEMO_USERS } from "../../apps/server/src/app/seed/seed-data.ts";
import { closeBrowser } from "../support/artifacts.ts";
import { enterEmail, openIn, signInThroughScreens, submitCode } from "../support/auth-ui.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { projectIdOf } from "../support/db.ts";
import { insertUser } from "../support/people.ts";

const demo = (key: keyof typeof DEMO_USERS) => ({ ...DEMO_USERS[key], passcode: DEMO_PASSCODE });

const storedAuth = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("kort.auth") ?? "null") as Record<string, string> | null);

/** Sign-in in real Chromium (docs/auth.md): e-mail, the SMS code from the outbox, the passcode. */
describe("sign-in", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  const open = async (path: string, locale: "is" | "en") => {
    browser = await openBrowser();
    await openIn(browser.page, path, locale);
    return browser;
  };

  it("signs the owner in through every step in Icelandic and lands in the shell", async () => {
    const { page } = await open("/auth", "is");
    await page.getByText("Innskráning").first().waitFor();
    const user = demo("owner");
    await signInThroughScreens(page, user);
    await page.waitForURL((url) => url.pathname === "/expenses");
    await page.getByTestId("shell").waitFor();
    await page.getByTestId("user-menu").getByText(user.email).waitFor();
    expect(await storedAuth(page)).toMatchObject({ status: "approved" });
  });

  it("signs the team admin in through every step in English", async () => {
    const { page } = await open("/auth", "en");
    await page.getByText("Sign in").first().waitFor();
    const user = demo("teamAdmin");
    await page.getByTestId("auth-email").waitFor();
    const code = await enterEmail(page, user.email, user.phone);
    await page.getByText("Verification code").first().waitFor();
    await page.getByText(`ending in ${user.phone.slice(-3)}`).waitFor();
    await submitCode(page, code);
    await page.waitForURL((url) => url.pathname === "/auth/signin/securitycode");
    await page.getByText("Enter your four-digit passcode.").waitFor();
    await page.getByTestId("code-field").locator("input").first().click();
    await page.keyboard.type(user.passcode);
    await page.getByTestId("auth-submit").click();
    await page.waitForURL((url) => url.pathname === "/expenses");
    await page.getByTestId("side-menu").getByText("Finances").waitFor();
  });

  it("shows the language chosen before on its switch, and switches back to Icelandic from it", async () => {
    // English is stored from an earlier visit; the page opens in it, and its switch must say so. When the switch
    // showed Icelandic, a click on Íslenska changed nothing: the reader had to pick English first.
    const { page } = await open("/auth", "en");
    await page.getByText("Sign in").first().waitFor();
    const switcher = page.getByTestId("language-switch");
    expect(await switcher.locator('input[value="en"]').isChecked()).toBe(true);
    expect(await switcher.locator('input[value="is"]').isChecked()).toBe(false);
    await switcher.getByText("Íslenska").click();
    await page.getByText("Innskráning").first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem("kort.locale"))).toBe("is");
    expect(await switcher.locator('input[value="is"]').isChecked()).toBe(true);
  });

  it("signs the accountant in in Icelandic and shows the shell", async () => {
    const { page } = await open("/auth", "is");
    await signInThroughScreens(page, demo("accountant"));
    await page.getByTestId("shell").waitFor();
    await page.getByTestId("side-menu").getByText("Fjármál").waitFor();
  });

  it("shows the employee the not-an-admin screen with the app's QR code, and signs out from it", async () => {
    const { page } = await open("/auth", "en");
    await signInThroughScreens(page, demo("employee"));
    const screen = page.getByTestId("state-not-admin");
    await screen.getByText("You are not an admin user.").waitFor();
    const qr = screen.getByTestId("qr-code");
    await qr.waitFor();
    expect(await qr.getAttribute("data-value")).toBe(`${inject("baseUrl")}/app`);
    await screen.getByTestId("app-store-link").waitFor();
    await screen.getByTestId("play-store-link").waitFor();
    expect(await page.getByTestId("shell").count()).toBe(0);
    await screen.getByTestId("not-admin-sign-out").click();
    await page.waitForURL((url) => url.pathname === "/auth");
    expect(await page.evaluate(() => localStorage.getItem("kort.auth"))).toBeNull();
  });

  it("returns to the page asked for after sign-in", async () => {
    const { page } = await open("/cards?status=ACTIVE", "is");
    await page.waitForURL((url) => url.pathname === "/auth");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/cards?status=ACTIVE");
    await signInThroughScreens(page, demo("owner"));
    await page.waitForURL((url) => url.pathname === "/cards" && url.search === "?status=ACTIVE");
    await page.getByTestId("page-title").getByText("Kort").waitFor();
  });

  it("never follows a redirectTo to another site", async () => {
    const user = await insertUser({ projectId: await projectIdOf("Demo ehf."), role: "accountant" });
    const { page } = await open(`/auth?redirectTo=${encodeURIComponent("https://evil.example/x")}`, "en");
    await signInThroughScreens(page, user);
    await page.waitForURL((url) => url.pathname === "/expenses");
    expect(new URL(page.url()).origin).toBe(inject("baseUrl"));
  });

  it("signs out to / and the old token stops working", async () => {
    const { page } = await open("/auth", "en");
    await signInThroughScreens(page, demo("owner"));
    await page.getByTestId("shell").waitFor();
    const token = (await storedAuth(page))?.token;
    const signedOut = page.waitForResponse(
      (response) => response.request().method() === "DELETE" && new URL(response.url()).pathname === "/v1/tokens",
    );
    const visited: string[] = [];
    page.on("framenavigated", (frame) => visited.push(new URL(frame.url()).pathname));
    await page.getByTestId("user-menu").click();
    await page.getByTestId("user-menu-sign-out").click();
    expect((await signedOut).status()).toBe(204);
    await page.waitForURL((url) => url.pathname === "/auth");
    expect(visited).toContain("/");
    expect(await page.evaluate(() => localStorage.getItem("kort.auth"))).toBeNull();
    const me = await fetch(`${inject("baseUrl")}/graphql`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: "{ me { email } }" }),
    });
    const body = (await me.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
    expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});
