import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { type BrowserSession, openBrowser } from "../support/browser.ts";

describe("landing on the real server", () => {
  let browser: BrowserSession;
  beforeEach(async () => {
    browser = await openBrowser();
  });
  afterEach(async () => {
    await browser.close();
  });

  it("sends / to /auth and shows the e-mail entry", async () => {
    const { page } = browser;
    await page.goto(`${inject("baseUrl")}/`);
    await page.waitForURL((url) => url.pathname === "/auth");
    await page.getByRole("textbox").first().waitFor();
  });

  it("sends a signed-in route without a session to /auth with redirectTo", async () => {
    const { page } = browser;
    await page.goto(`${inject("baseUrl")}/cards`);
    await page.waitForURL((url) => url.pathname === "/auth");
    expect(new URL(page.url()).search).toBe("?redirectTo=%2Fcards");
  });

  it("keeps the query in redirectTo", async () => {
    const { page } = browser;
    await page.goto(`${inject("baseUrl")}/expenses?fromDate=2026-10-27&toDate=2026-11-26`);
    await page.waitForURL((url) => url.pathname === "/auth");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/expenses?fromDate=2026-10-27&toDate=2026-11-26");
  });

  it("shows the version page", async () => {
    const { page } = browser;
    await page.goto(`${inject("baseUrl")}/Version`);
    await page.getByText("0.34.1").waitFor();
  });

  it("shows page not found with a way home for an unknown path", async () => {
    const { page } = browser;
    await page.goto(`${inject("baseUrl")}/no-such-page`);
    const notFound = page.getByTestId("page-not-found");
    await notFound.getByText("Síðan fannst ekki").waitFor();
    await notFound.getByRole("link", { name: "Fara á forsíðu" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
  });
});
