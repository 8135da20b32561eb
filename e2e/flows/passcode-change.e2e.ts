import { afterEach, describe, expect, inject, it } from "vitest";
import { closeBrowser } from "../support/artifacts.ts";
import { enterEmail, openIn, submitCode, typeCode } from "../support/auth-ui.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { demoProjectId, query } from "../support/db.ts";
import { outboxMark, waitForMessage } from "../support/outbox.ts";
import { insertUser } from "../support/people.ts";
import { expectPhoneFriendly, PHONE } from "../support/phone.ts";
import { signInAs } from "../support/session.ts";

/**
 * A person changes their own passcode (spec 6, `user reset-secret`): from the dashboard's personal settings and from
 * the employee app's account page. The old passcode stops working, the new one signs in, and an e-mail says so.
 */

const TEXTS = {
  is: {
    saved: "Aðgangskóðanum var breytt. Notaðu nýja kóðann næst þegar þú skráir þig inn.",
    mismatch: "Aðgangskóðarnir eru ekki eins.",
    subject: "Aðgangskóðanum þínum hjá Kort var breytt",
    wrong: "Rangur aðgangskóði.",
  },
  en: {
    saved: "Your passcode was changed. Use the new one next time you sign in.",
    mismatch: "The passcodes are not the same.",
    subject: "Your Kort passcode was changed",
    wrong: "Invalid security code.",
  },
} as const;

const NEW_PASSCODE = "8642";

describe("changing one's passcode", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  for (const locale of ["is", "en"] as const) {
    const text = TEXTS[locale];

    it(`changes it in personal settings, then signs in with the new one only (${locale})`, async () => {
      const user = await insertUser({ projectId: await demoProjectId(), role: "project_owner" });
      await query("update users set locale = $2 where id = $1", [user.id, locale === "en" ? "en-US" : "is-IS"]);
      browser = await openBrowser();
      const { page } = browser;
      await signInAs(page, user.email, locale);
      await page.goto(`${inject("baseUrl")}/personal-settings`);
      await page.getByTestId("passcode-change-open").click();
      await typeCode(page, "passcode-change-passcode", user.passcode);
      await typeCode(page, "passcode-change-new", NEW_PASSCODE);
      await typeCode(page, "passcode-change-again", "8643");
      await page.getByTestId("passcode-change-mismatch").getByText(text.mismatch).waitFor();
      expect(await page.getByTestId("passcode-change-submit").isDisabled()).toBe(true);
      await typeCode(page, "passcode-change-again", NEW_PASSCODE);
      const mailSeen = await outboxMark(user.email);
      await page.getByTestId("passcode-change-submit").click();
      await page.getByTestId("passcode-change-saved").getByText(text.saved).waitFor();
      const mail = await waitForMessage(user.email, mailSeen);
      expect(mail.subject).toBe(text.subject);
      await page.getByTestId("passcode-change-done").click();
      await page.getByTestId("passcode-change-saved").waitFor({ state: "detached" });
      await browser.close();

      // A fresh browser: the old passcode is refused at sign-in, the new one lets the person in.
      browser = await openBrowser();
      const signIn = browser.page;
      await openIn(signIn, "/auth", locale);
      await submitCode(signIn, await enterEmail(signIn, user.email, user.phone));
      await signIn.waitForURL((url) => url.pathname === "/auth/signin/securitycode");
      await submitCode(signIn, user.passcode);
      const error = signIn.getByTestId("auth-error");
      await error.getByText(text.wrong).waitFor();
      expect(await error.getAttribute("data-code")).toBe("INVALID_PASSCODE");
      await submitCode(signIn, NEW_PASSCODE);
      await signIn.waitForURL((url) => url.pathname === "/expenses");
    });
  }

  it("changes it from the employee app's account page on a phone, and forgets biometric unlock here", async () => {
    const employee = await insertUser({ projectId: await demoProjectId(), role: "user" });
    browser = await openBrowser(PHONE);
    const { page } = browser;
    await signInAs(page, employee.email, "is");
    await page.evaluate(() => localStorage.setItem("kort.unlock", localStorage.getItem("kort.device") ?? "device"));
    await page.goto(`${inject("baseUrl")}/app`);
    await page.getByTestId("app-account").tap();
    await page.getByTestId("app-account-name").getByText("Prófun Prófsdóttir").waitFor();
    await expectPhoneFriendly(page);
    await page.getByTestId("passcode-change-open").tap();
    await page.getByTestId("passcode-change-passcode").waitFor();
    await expectPhoneFriendly(page);
    await typeCode(page, "passcode-change-passcode", "0000");
    await typeCode(page, "passcode-change-new", NEW_PASSCODE);
    await typeCode(page, "passcode-change-again", NEW_PASSCODE);
    await page.getByTestId("passcode-change-submit").tap();
    const error = page.getByTestId("passcode-change-error");
    await error.waitFor();
    expect(await error.getAttribute("data-code")).toBe("INVALID_PASSCODE");
    await typeCode(page, "passcode-change-passcode", employee.passcode);
    await page.getByTestId("passcode-change-submit").tap();
    await page.getByTestId("passcode-change-saved").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("kort.unlock"))).toBeNull();
    const [stored] = await query<{ changed: boolean }>(
      "select count(*) = 1 as changed from audit_log where object_id = $1 and action = 'auth.passcode.changed'",
      [employee.id],
    );
    expect(stored?.changed).toBe(true);
  });
});
