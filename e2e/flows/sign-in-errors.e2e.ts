import { afterEach, describe, expect, it } from "vitest";
import { closeBrowser } from "../support/artifacts.ts";
import { enterEmail, openIn, submitCode, typeCode } from "../support/auth-ui.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { projectIdOf } from "../support/db.ts";
import { codeIn, outboxMark, waitForMessage } from "../support/outbox.ts";
import { insertUser, uniqueEmail } from "../support/people.ts";

/**
 * Sign-in's refusals, each in the reader's language. Every test signs in as a person of its own: wrong codes
 * count towards a lock, which must never fall on a demo user another test needs.
 */
describe("sign-in refusals", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  const open = async (locale: "is" | "en") => {
    browser = await openBrowser();
    await openIn(browser.page, "/auth", locale);
    return browser.page;
  };
  const member = async () => insertUser({ projectId: await projectIdOf("Demo ehf."), role: "accountant" });
  const error = (page: BrowserSession["page"]) => page.getByTestId("auth-error");

  it("tells an unknown e-mail without an invitation to contact support", async () => {
    const page = await open("en");
    await page.getByTestId("auth-email").fill(uniqueEmail());
    await page.getByTestId("auth-submit").click();
    await error(page)
      .getByText("We don't know this user and there is no invitation. Please contact support at support@kort.is.")
      .waitFor();
    expect(await error(page).getAttribute("data-code")).toBe("UNKNOWN_USER");
  });

  it("shows a wrong code and a wrong passcode in Icelandic, then lets the right ones through", async () => {
    const page = await open("is");
    const user = await member();
    const code = await enterEmail(page, user.email, user.phone);
    await submitCode(page, code === "000000" ? "111111" : "000000");
    await error(page).getByText("Rangur staðfestingarkóði.").waitFor();
    await page.getByTestId("attempts-left").getByText("4 tilraunir eftir").waitFor();
    await submitCode(page, code);
    await page.waitForURL((url) => url.pathname === "/auth/signin/securitycode");
    await submitCode(page, "9999");
    await error(page).getByText("Rangur aðgangskóði.").waitFor();
    expect(await error(page).getAttribute("data-code")).toBe("INVALID_PASSCODE");
    await typeCode(page, "code-field", user.passcode);
    await page.getByTestId("auth-submit").click();
    await page.waitForURL((url) => url.pathname === "/expenses");
  });

  it("sends a new code on request: the old one is refused, the newest signs in, and a fourth in a row is too many", async () => {
    const page = await open("en");
    const user = await member();
    const first = await enterEmail(page, user.email, user.phone);
    /** Asks for a new code and waits for the server's answer: the new code when one was sent. */
    const resend = async (): Promise<string | null> => {
      const seen = await outboxMark(user.phone);
      const answered = page.waitForResponse((response) => response.url().endsWith("/start"));
      await page.getByTestId("resend-code").click();
      return (await answered).ok() ? codeIn(await waitForMessage(user.phone, seen)) : null;
    };
    const second = await resend();
    await page.getByTestId("resend-done").getByText("A new code has been sent.").waitFor();
    if (second === null) throw new Error("no new code");
    if (first !== second) {
      await submitCode(page, first);
      expect(await error(page).getAttribute("data-code")).toBe("INVALID_CODE");
    }
    await resend();
    const newest = await resend();
    expect(await resend()).toBeNull();
    await page.getByTestId("api-error").getByText("Too many attempts. Please wait a moment and try again.").waitFor();
    if (newest === null) throw new Error("no third code");
    await submitCode(page, newest);
    await page.waitForURL((url) => url.pathname === "/auth/signin/securitycode");
  });

  it("locks the user after five wrong codes, and the lock shows on the next try", async () => {
    const page = await open("en");
    const user = await member();
    const code = await enterEmail(page, user.email, user.phone);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await submitCode(page, wrong);
      await error(page).getByText("Invalid verification code.").waitFor();
      await page
        .getByTestId("attempts-left")
        .getByText(`${5 - attempt} attempt`)
        .waitFor();
    }
    await submitCode(page, wrong);
    await error(page).getByText("User temporarily locked. Try again in 15 minutes.").waitFor();
    expect(await error(page).getAttribute("data-code")).toBe("USER_TEMPORARILY_LOCKED");

    // Even the right code is refused now, and so is a new start.
    await submitCode(page, code);
    expect(await error(page).getAttribute("data-code")).toBe("USER_TEMPORARILY_LOCKED");
    await page.getByTestId("auth-start-over").click();
    await page.waitForURL((url) => url.pathname === "/auth");
    await page.getByTestId("auth-email").fill(user.email);
    await page.getByTestId("auth-submit").click();
    await error(page).getByText("User temporarily locked. Try again in 15 minutes.").waitFor();
    await error(page).getByText("You can try again at").waitFor();
  });
});
