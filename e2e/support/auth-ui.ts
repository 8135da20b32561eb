import type { Page } from "playwright-core";
import { inject } from "vitest";
import { codeIn, outboxMark, waitForMessage } from "./outbox.ts";

/** Opens `path` in the given language (kort.locale is read when the app starts). */
export const openIn = async (page: Page, path: string, locale: "is" | "en"): Promise<void> => {
  await page.goto(`${inject("baseUrl")}/404`);
  await page.evaluate((lang) => localStorage.setItem("kort.locale", lang), locale);
  await page.goto(`${inject("baseUrl")}${path}`);
};

/** Types a code into a row of digit boxes (the first box takes the focus and each digit moves it on). */
export const typeCode = async (page: Page, testId: string, code: string): Promise<void> => {
  await page.getByTestId(testId).locator("input").first().click();
  await page.keyboard.type(code);
};

/** Waits for the progress dots to show step `current` of `total`. */
export const expectDots = (page: Page, current: number, total: number): Promise<void> =>
  page
    .locator(`[data-testid="progress-dots"][data-current="${current}"][data-total="${total}"]`)
    .waitFor({ timeout: 10_000 });

/** Step 1 of sign-in: the e-mail; resolves to the SMS code the server sent to `phone`. */
export const enterEmail = async (page: Page, email: string, phone: string): Promise<string> => {
  const seen = await outboxMark(phone);
  await page.getByTestId("auth-email").fill(email);
  await page.getByTestId("auth-submit").click();
  await page.waitForURL((url) => url.pathname === "/auth/signin/phone/verify");
  return codeIn(await waitForMessage(phone, seen));
};

/** Submits a code on the step on screen and waits for the server's answer to it. */
export const submitCode = async (page: Page, code: string, testId = "code-field"): Promise<void> => {
  await typeCode(page, testId, code);
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByTestId("auth-submit").click();
  await answered;
};

/**
 * Signs in through every screen: e-mail, the SMS code read from the outbox, the passcode. Checks the two
 * progress dots on the way; leaves the page wherever sign-in sends it.
 */
export const signInThroughScreens = async (
  page: Page,
  user: { email: string; phone: string; passcode: string },
): Promise<void> => {
  await page.getByTestId("auth-step-email").waitFor();
  await expectDots(page, 1, 2);
  const code = await enterEmail(page, user.email, user.phone);
  await expectDots(page, 2, 2);
  await submitCode(page, code);
  await page.waitForURL((url) => url.pathname === "/auth/signin/securitycode");
  await expectDots(page, 2, 2);
  await typeCode(page, "code-field", user.passcode);
  await page.getByTestId("auth-submit").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
};
