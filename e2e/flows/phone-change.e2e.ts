import { afterEach, describe, expect, inject, it } from "vitest";
import { closeBrowser } from "../support/artifacts.ts";
import { enterEmail, openIn, submitCode, typeCode } from "../support/auth-ui.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { demoProjectId } from "../support/db.ts";
import { codeIn, outboxMark, waitForMessage } from "../support/outbox.ts";
import { insertUser, uniquePhone } from "../support/people.ts";
import { expectPhoneFriendly, PHONE } from "../support/phone.ts";
import { signInAs } from "../support/session.ts";

/**
 * A person changes their own phone number (spec 6, `user change-phone`): the new number and the passcode, then the
 * code that number received. Sign-in codes go to the new number afterwards.
 */

const TEXTS = {
  is: { sent: "sem endar á", saved: "Símanúmerinu var breytt." },
  en: { sent: "ending in", saved: "Your phone number was changed." },
} as const;

/** `+3546123456` as a person types it: `612 3456`. */
const typed = (phone: string) => `${phone.slice(4, 7)} ${phone.slice(7)}`;

describe("changing one's phone number", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  for (const locale of ["is", "en"] as const) {
    const text = TEXTS[locale];

    it(`changes it in personal settings with the new number's code; the next sign-in's code goes there (${locale})`, async () => {
      const user = await insertUser({ projectId: await demoProjectId(), role: "accountant" });
      const next = uniquePhone();
      browser = await openBrowser();
      const { page } = browser;
      await signInAs(page, user.email, locale);
      await page.goto(`${inject("baseUrl")}/personal-settings`);
      await page.getByTestId("phone-change-open").click();
      await page.getByTestId("phone-change-phone").fill(typed(next));
      await typeCode(page, "phone-change-passcode", user.passcode);
      const seen = await outboxMark(next);
      await page.getByTestId("phone-change-send").click();
      await page
        .getByTestId("phone-change-sent")
        .getByText(`${text.sent} ${next.slice(-3)}`, { exact: false })
        .waitFor();
      const code = codeIn(await waitForMessage(next, seen));
      await typeCode(page, "phone-change-code", code);
      await page.getByTestId("phone-change-confirm").click();
      await page.getByTestId("phone-change-saved").getByText(text.saved, { exact: false }).waitFor();
      await page.getByTestId("phone-change-done").click();
      await page.waitForFunction(
        (expected) =>
          (document.querySelector<HTMLInputElement>('[data-testid="settings-phone"]')?.value ?? "") === expected,
        `+354 ${typed(next)}`,
      );
      await browser.close();

      browser = await openBrowser();
      await openIn(browser.page, "/auth", locale);
      await submitCode(browser.page, await enterEmail(browser.page, user.email, next));
      await browser.page.waitForURL((url) => url.pathname === "/auth/signin/securitycode");
    });
  }

  it("changes it on the employee app's account page, refusing a wrong code first", async () => {
    const employee = await insertUser({ projectId: await demoProjectId(), role: "user" });
    const next = uniquePhone();
    browser = await openBrowser(PHONE);
    const { page } = browser;
    await signInAs(page, employee.email, "en");
    await page.goto(`${inject("baseUrl")}/app/account`);
    await page
      .getByTestId("app-account-phone")
      .getByText(`+354 ${typed(employee.phone)}`)
      .waitFor();
    await page.getByTestId("phone-change-open").tap();
    await page.getByTestId("phone-change-phone").fill("511 2233");
    await typeCode(page, "phone-change-passcode", employee.passcode);
    await page.getByTestId("phone-change-send").tap();
    await page.getByText("Enter a mobile number. A landline cannot receive text messages.").waitFor();
    await page.getByTestId("phone-change-phone").fill(typed(next));
    await expectPhoneFriendly(page);
    const seen = await outboxMark(next);
    await page.getByTestId("phone-change-send").tap();
    const code = codeIn(await waitForMessage(next, seen));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await typeCode(page, "phone-change-code", wrong);
    await page.getByTestId("phone-change-confirm").tap();
    const error = page.getByTestId("phone-change-error");
    await error.waitFor();
    expect(await error.getAttribute("data-code")).toBe("INVALID_CODE");
    // Starting again keeps the number and asks the passcode again; the new code is the one that counts.
    await page.getByTestId("phone-change-restart").tap();
    expect(await page.getByTestId("phone-change-phone").inputValue()).toBe(typed(next));
    expect(await page.getByTestId("phone-change-send").isDisabled()).toBe(true);
    await typeCode(page, "phone-change-passcode", employee.passcode);
    const resent = await outboxMark(next);
    await page.getByTestId("phone-change-send").tap();
    const second = codeIn(await waitForMessage(next, resent));
    await typeCode(page, "phone-change-code", second);
    await page.getByTestId("phone-change-confirm").tap();
    await page.getByTestId("phone-change-saved").waitFor();
    await expectPhoneFriendly(page);
    await page.getByTestId("phone-change-done").tap();
    await page
      .getByTestId("app-account-phone")
      .getByText(`+354 ${typed(next)}`)
      .waitFor();
  });
});
