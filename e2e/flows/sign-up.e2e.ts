import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, inject, it } from "vitest";
import { closeBrowser } from "../support/artifacts.ts";
import { expectDots, openIn, signInThroughScreens, submitCode, typeCode } from "../support/auth-ui.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { projectIdOf, withDb } from "../support/db.ts";
import { codeIn, linkIn, outboxMark, waitForMessage } from "../support/outbox.ts";
import { insertInvite, randomKennitala, uniqueEmail, uniquePhone } from "../support/people.ts";

/** Sign-up in real Chromium (docs/auth.md): a new company from its first screen to the dashboard. */
describe("sign-up", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  const open = async (path: string, locale: "is" | "en") => {
    browser = await openBrowser();
    await openIn(browser.page, path, locale);
    return browser.page;
  };

  it("signs up a new company through every step, opening the e-mail link from the outbox", async () => {
    const page = await open("/auth", "en");
    const email = uniqueEmail();
    const company = `Prófun ${randomUUID().slice(0, 8)} ehf.`;
    const person = {
      fullName: "Helga Prófsdóttir",
      nin: randomKennitala("person"),
      passcode: "1357",
      phone: uniquePhone(),
    };

    await page.getByTestId("auth-create-company").click();
    await page.waitForURL((url) => url.pathname === "/onboarding/create");
    await expectDots(page, 1, 5);
    await page.getByTestId("onboarding-company-name").fill(company);
    await page.getByTestId("onboarding-company-kennitala").fill(randomKennitala("company"));
    await page.getByTestId("onboarding-email").fill(email);
    await page.getByTestId("auth-submit").click();
    await page.getByTestId("check-email").getByText(email).waitFor();

    // The demo's outbox page shows the e-mail; its link confirms the address.
    await waitForMessage(email);
    await page.goto(`${inject("baseUrl")}/dev/outbox?to=${encodeURIComponent(email)}`);
    const message = page.getByTestId("outbox-message").first();
    await message.getByText("Confirm your e-mail address for Kort").waitFor();
    await message.getByTestId("outbox-link").click();
    await page.waitForURL((url) => url.pathname === "/emailConfirm");
    await page.locator('[data-testid="page-email-confirm"][data-state="confirmed"]').waitFor();
    await page.getByText("Your e-mail is confirmed").waitFor();
    await expectDots(page, 1, 5);
    await page.getByTestId("email-confirm-continue").click();

    // The rules of spec 5, in English.
    await page.getByTestId("auth-step-signupFullName").waitFor();
    await page.getByTestId("auth-submit").click();
    await page.getByText("Please enter your full name").waitFor();
    await page.getByText("You need to accept the terms to continue").waitFor();
    await page.getByText("You need to accept the privacy policy to continue").waitFor();

    await page.getByTestId("signup-full-name").fill(person.fullName);
    await page.getByTestId("signup-terms").check();
    await page.getByTestId("signup-privacy").check();
    await page.getByTestId("auth-submit").click();

    await page.getByTestId("auth-step-signupNin").waitFor();
    await expectDots(page, 3, 5);
    await page.getByTestId("signup-nin").fill("0101302979");
    expect(await page.getByTestId("signup-nin").inputValue()).toBe("010130-2979");
    await page.getByTestId("auth-submit").click();
    await page.getByText("Invalid national identity number").waitFor();
    // Typed as ten digits, shown as written (person.nin has the dash).
    await page.getByTestId("signup-nin").fill(person.nin.replace("-", ""));
    expect(await page.getByTestId("signup-nin").inputValue()).toBe(person.nin);
    await page.getByTestId("auth-submit").click();

    await page.getByTestId("auth-step-signupSecurityCode").waitFor();
    await expectDots(page, 4, 5);
    await typeCode(page, "signup-passcode", person.passcode);
    await typeCode(page, "signup-passcode-repeat", "9753");
    await page.getByTestId("auth-submit").click();
    await page.getByText("The passcodes do not match").waitFor();
    await typeCode(page, "signup-passcode-repeat", person.passcode);
    await page.getByTestId("auth-submit").click();

    await page.getByTestId("auth-step-signupPhone").waitFor();
    await expectDots(page, 5, 5);
    await page.getByTestId("signup-phone").fill(person.phone.slice(-7));
    expect(await page.getByTestId("signup-phone").inputValue()).toBe(
      `${person.phone.slice(-7, -4)} ${person.phone.slice(-4)}`,
    );
    const seen = await outboxMark(person.phone);
    await page.getByTestId("auth-submit").click();

    await page.getByTestId("auth-step-signupPhoneVerify").waitFor();
    await expectDots(page, 5, 5);
    await submitCode(page, codeIn(await waitForMessage(person.phone, seen)));
    await page.waitForURL((url) => url.pathname === "/complete");

    await page.getByTestId("page-complete").getByText("Registration complete").waitFor();
    const qr = page.getByTestId("qr-code");
    await qr.waitFor();
    expect(await qr.getAttribute("data-value")).toBe(`${inject("baseUrl")}/app`);
    await page.getByTestId("app-store-link").waitFor();
    await page.getByTestId("play-store-link").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("kort.auth"))).toContain('"status":"approved"');

    // Not about the onboarding checklist (onboarding-checklist.e2e.ts): a new account would have it open by itself.
    await page.evaluate(() => localStorage.setItem("kort.onboarding.completed", "completed"));
    await page.getByTestId("complete-dashboard").click();
    await page.waitForURL((url) => url.pathname === "/expenses");
    await page.getByTestId("user-menu").getByText(email).waitFor();
    await page.getByTestId("side-menu").getByText(company).first().waitFor();

    // The new owner signs in again with what they chose.
    await page.getByTestId("user-menu").click();
    await page.getByTestId("user-menu-sign-out").click();
    await page.waitForURL((url) => url.pathname === "/auth");
    await signInThroughScreens(page, { email, phone: person.phone, passcode: person.passcode });
    await page.getByTestId("shell").waitFor();
  });

  it("sends an invited person who enters their e-mail at /auth a sign-up link", async () => {
    const page = await open("/auth", "is");
    const invite = await insertInvite({
      projectId: await projectIdOf("Demo ehf."),
      email: uniqueEmail(),
      role: "accountant",
    });
    await page.getByTestId("auth-email").fill(invite.email);
    await page.getByTestId("auth-submit").click();
    await page.getByTestId("check-email").getByText("Athugaðu tölvupóstinn þinn").waitFor();
    const link = linkIn(await waitForMessage(invite.email));
    await page.goto(link);
    await page.locator('[data-testid="page-email-confirm"][data-state="confirmed"]').waitFor();
    // Opened again (its code is spent): still confirmed.
    await page.goto(link);
    await page.locator('[data-testid="page-email-confirm"][data-state="confirmed"]').waitFor();
    await page.getByTestId("email-confirm-continue").click();
    await page.getByTestId("auth-step-signupFullName").waitFor();
    await expectDots(page, 2, 5);
  });

  it("says when an e-mail link cannot confirm the address", async () => {
    const query = new URLSearchParams({ onboarding_id: randomUUID(), verification_id: randomUUID(), code: "123456" });
    const page = await open(`/emailConfirm?${query}`, "is");
    await page.locator('[data-testid="page-email-confirm"][data-state="error"]').waitFor();
    await page.getByText("Ekki tókst að staðfesta netfangið.").first().waitFor();
    expect(await page.getByTestId("auth-error").getAttribute("data-code")).toBe("RESTART_REQUIRED");
  });

  it("tells an invited person when the invitation expired before the link was opened", async () => {
    const page = await open("/auth", "en");
    const invite = await insertInvite({
      projectId: await projectIdOf("Demo ehf."),
      email: uniqueEmail(),
      role: "user",
    });
    await page.getByTestId("auth-email").fill(invite.email);
    await page.getByTestId("auth-submit").click();
    await page.getByTestId("check-email").waitFor();
    const link = linkIn(await waitForMessage(invite.email));
    await withDb((client) =>
      client.query("update invites set expires_at = now() - interval '1 minute' where id = $1", [invite.id]),
    );
    await page.goto(link);
    await page.locator('[data-testid="page-email-confirm"][data-state="expired"]').waitFor();
    await page.getByText("The invitation has expired").first().waitFor();
  });
});
